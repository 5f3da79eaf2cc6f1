/// Something wrong in an `index.md` or a sidecar, or a file not published as asked (a
/// still's motion, an original, an album's ZIP): the build goes on with defaults, and the
/// user is told where (`--strict` makes it an error, naming the kind).
struct MetadataWarning: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file, relative to the input folder.
    var file: String
    /// 1-based line, when the mistake has one.
    var line: Int?
    var message: String
    /// What the problem is about, when it is not a metadata file's (`kind` in `--json`,
    /// absent for those).
    var kind: Kind?

    /// A problem that is no metadata file's, by what it kept from the site.
    enum Kind: String, Sendable, Hashable, Codable {
        /// A still's motion (a Live Photo's movie, a Motion Photo's video, a GIF's
        /// animation) is not published: the still is.
        case motion
        /// An original is not offered for download.
        case original
        /// An original is offered as-is with the place it was taken.
        case location
        /// An album's ZIP is not offered.
        case archive
        /// A still that cannot be decoded is published from its RAW.
        case fromRaw
    }

    init(file: String, line: Int? = nil, message: String, kind: Kind? = nil) {
        self.file = file
        self.line = line
        self.message = message
        self.kind = kind
    }

    /// `file:line` as editors open it.
    var position: String { file + (line.map { ":\($0)" } ?? "") }

    var description: String { "\(position): \(message)" }
}

extension MetadataWarning {
    /// What rendering the body of `note` had to change, at the line of the file it is on.
    init(_ note: MetadataNote, _ notice: RenderedMarkdown.Notice, file: String) {
        self.init(file: file, line: note.bodyLine + notice.line - 1, message: notice.message)
    }
}
