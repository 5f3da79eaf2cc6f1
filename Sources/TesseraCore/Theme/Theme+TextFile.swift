import TesseraTemplate

extension Theme {
    /// A text file of a user's theme folder, read as `TextFile` reads text (a byte-order
    /// mark dropped, `\r\n` and `\r` read as `\n`), with a warning for each repair.
    ///
    /// - Throws: `ThemeError.unreadable` when the file cannot be read, `.notText` (with the
    ///   line) when it is not UTF-8.
    static func readText(at path: String) throws(ThemeError) -> (text: String, warnings: [TemplateWarning]) {
        let file: TextFile
        switch FileSystem.readFile(path, limit: TextFile.maxBytes) {
        case .success(let bytes): file = TextFile(bytes: bytes)
        case .failure(let failure): throw .unreadable(path, reason: failure.description)
        }
        var warnings: [TemplateWarning] = []
        for repair in file.repairs {
            if case .invalidEncoding(let line) = repair { throw .notText(path, line: line) }
            warnings.append(TemplateWarning(file: path, line: repair.line, column: 1, message: repair.message))
        }
        return (file.text, warnings)
    }
}
