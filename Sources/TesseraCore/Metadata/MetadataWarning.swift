/// Something wrong in an `index.md` or a sidecar: the build goes on with defaults, and the
/// user is told where (`--strict` makes it an error).
public struct MetadataWarning: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file, relative to the input folder.
    public var file: String
    /// 1-based line, when the mistake has one.
    public var line: Int?
    public var message: String

    public init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line` as editors open it.
    public var position: String { file + (line.map { ":\($0)" } ?? "") }

    public var description: String { "\(position): \(message)" }
}
