/// Why a photo or video could not be published, in words a person understands.
package enum PhotoProblem: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file's content is not a format Tessera reads.
    case notAnImage
    /// The file ends before the image does (a half-copied download, say).
    case truncated(MediaFormat)
    /// The decoder rejected the data; `detail` says what it reported.
    case corrupt(MediaFormat, detail: String)
    /// The image is larger than the configured pixel limit.
    case tooLarge(PixelSize, limitMegapixels: Int)
    /// The format is recognised but this build cannot decode it (e.g. animated WebP).
    case unsupported(String)
    /// The file could not be read at all.
    case unreadable(String)
    /// A rendition could not be encoded in `format` (the encoder's own words in `reason`).
    case unencodable(RenditionFormat, reason: String)
    /// A video could not be read or published (ffmpeg missing, a corrupt clip).
    case video(VideoProblem)

    package var description: String {
        switch self {
        case .notAnImage: return "not an image"
        case .truncated(let format): return "truncated \(format.displayName)"
        case .corrupt(let format, let detail):
            return detail.isEmpty
                ? "corrupt \(format.displayName)" : "corrupt \(format.displayName): \(detail)"
        case .tooLarge(let size, let limit):
            return "image too large: \(size) exceeds \(limit) MP limit"
        case .unsupported(let what): return "unsupported: \(what)"
        case .unreadable(let why): return "cannot read file: \(why)"
        case .unencodable(let format, let reason): return "cannot encode \(format.displayName): \(reason)"
        case .video(let problem): return problem.description
        }
    }
}
