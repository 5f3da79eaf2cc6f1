/// What a published video is made as: H.264 High in MP4, its longest edge at most
/// `longestEdge`, quality by CRF, AAC stereo sound or none.
///
/// A value of the plan: it is in the product's fingerprint, so changing any field redoes
/// exactly the videos it affects.
package struct VideoRendition: Sendable, Hashable, Codable {
    /// The sound a rendition carries.
    package enum Audio: Sendable, Hashable, Codable {
        /// No sound track, whatever the source has.
        case none
        /// AAC-LC at this many bits per second, at most two channels; none when the
        /// source is silent.
        case aac(bitRate: Int)
    }

    /// The longest edge of the displayed picture, in pixels; smaller clips keep their size.
    package var longestEdge: Int
    /// x264's constant rate factor: lower is better and larger (18 looks like the source,
    /// 28 shows blocks in motion). See `bench/video.py` for bytes against quality.
    package var crf: Int
    /// x264's speed preset (`veryfast` … `slow`): slower makes smaller files at equal
    /// quality.
    package var preset: String
    package var audio: Audio
    /// Whether a clip that is already web-playable (`reencodeReasons(for:)` is empty) is
    /// copied into the new container instead of re-encoded.
    package var allowsRemux: Bool
    /// A web-playable clip whose video has more bits per second than this is re-encoded
    /// all the same: remuxing it would publish a file far larger than its re-encoding.
    var remuxBitRateLimit: Int?

    init(
        longestEdge: Int = 1080, crf: Int = 23, preset: String = "medium", audio: Audio = .aac(bitRate: 128_000),
        allowsRemux: Bool = true, remuxBitRateLimit: Int? = 6_000_000
    ) {
        self.longestEdge = longestEdge
        self.crf = crf
        self.preset = preset
        self.audio = audio
        self.allowsRemux = allowsRemux
        self.remuxBitRateLimit = remuxBitRateLimit
    }

    /// The video a page plays: 1080 px on the longest edge, CRF 23, AAC 128 kbit/s.
    package static let web = VideoRendition()

    /// A Live Photo's motion: small and silent, played over the still.
    package static let motion = VideoRendition(longestEdge: 720, audio: .none)

    /// The size the published video has, known before any work (for `<video width height>`):
    /// the displayed size when the clip is remuxed, else that size fitted into
    /// `longestEdge` with even sides (4:2:0 needs them).
    package func outputSize(for info: VideoInfo) -> PixelSize {
        if copies(info) { return info.displaySize }
        return encodedSize(for: info)
    }

    /// Whether the clip is copied into its MP4 as it is (remuxed), not encoded: the one
    /// decision the published size and the recipe both follow.
    func copies(_ info: VideoInfo) -> Bool {
        allowsRemux && reencodeReasons(for: info).isEmpty
    }

    /// The displayed size fitted into `longestEdge`, each side rounded to an even number
    /// (at least 2).
    package func encodedSize(for info: VideoInfo) -> PixelSize {
        let display = info.displaySize
        let longest = max(display.width, display.height)
        let scale = longest > longestEdge ? Double(max(2, longestEdge)) / Double(longest) : 1
        func even(_ side: Int) -> Int {
            let scaled = (Double(side) * scale / 2).rounded(.toNearestOrEven)
            return max(2, Int(min(scaled, Double(Int32.max / 2))) * 2)
        }
        return PixelSize(width: even(display.width), height: even(display.height))
    }
}
