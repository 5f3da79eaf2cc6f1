/// Something wrong in an `index.md` or a sidecar: the build goes on with defaults, and the
/// user is told where (`--strict` makes it an error).
struct MetadataWarning: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file, relative to the input folder.
    var file: String
    /// 1-based line, when the mistake has one.
    var line: Int?
    var message: String

    init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
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
