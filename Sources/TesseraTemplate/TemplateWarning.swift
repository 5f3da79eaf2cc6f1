/// Something in a template that renders but is probably a mistake, such as a variable no
/// page model provides, located like a compiler diagnostic.
package struct TemplateWarning: Sendable, Hashable, CustomStringConvertible {
    /// The template's name (for a library, the name it was registered under).
    package var file: String
    /// 1-based line of the tag.
    package var line: Int
    /// 1-based column (in Unicode scalars) of the tag's opening delimiter.
    package var column: Int
    /// What looks wrong and the likely fix.
    package var message: String

    /// A warning at `line`:`column` of `file`.
    package init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: warning: message`, the form editors and terminals link to.
    package var description: String { "\(file):\(line):\(column): warning: \(message)" }
}
