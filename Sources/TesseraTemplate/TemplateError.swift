/// A template that cannot be parsed or rendered, located like a compiler diagnostic.
package struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The template's name (for a library, the name it was registered under).
    package var file: String
    /// 1-based line of the offending tag.
    var line: Int
    /// 1-based column (in Unicode scalars) of the offending tag's opening delimiter.
    var column: Int
    /// What is wrong and how to fix it.
    var message: String

    /// An error at `line`:`column` of `file`.
    init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: error: message`, the form editors and terminals link to.
    package var description: String { "\(file):\(line):\(column): error: \(message)" }
}
