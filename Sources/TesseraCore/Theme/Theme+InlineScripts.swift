import TesseraTemplate

extension Theme {
    /// An inline `<script>` (one without `src`) in any template, when `head.mustache`
    /// sets a Content-Security-Policy: browsers do not run it, so the page would silently
    /// lose what it does (a template folder made for an older Tessera, say). The fix is
    /// to move the code into `script.js`, which is published as `tessera.js`.
    static func inlineScripts(in sources: [String: String], folder: String?) -> [TemplateWarning] {
        guard let head = sources["head"], head.localizedCaseInsensitiveContains("Content-Security-Policy") else {
            return []
        }
        return pageNames.flatMap { name -> [TemplateWarning] in
            guard let source = sources[name] else { return [] }
            let file = folder.map { "\($0)/\(name).mustache" } ?? name
            return inlineScriptTags(in: source).map { line, column in
                TemplateWarning(
                    file: file, line: line, column: column,
                    message: "this inline <script> does not run under the Content-Security-Policy in "
                        + "head.mustache; move its code into \(scriptName) (published as \(SiteContext.scriptPath)) "
                        + "and load it with <script src=\"{{script}}\">")
            }
        }
    }

    /// Line and column (1-based, in Unicode scalars) of each `<script` tag without a `src`
    /// attribute.
    private static func inlineScriptTags(in source: String) -> [(line: Int, column: Int)] {
        let scalars = Array(source.unicodeScalars)
        let opening = Array("<script".unicodeScalars)
        var found: [(line: Int, column: Int)] = []
        var line = 1
        var column = 1
        var index = 0
        while index < scalars.count {
            if scalars[index] == "<", index + opening.count <= scalars.count,
                String(String.UnicodeScalarView(scalars[index..<(index + opening.count)])).lowercased() == "<script",
                index + opening.count == scalars.count || !isNameScalar(scalars[index + opening.count])
            {
                var end = index
                while end < scalars.count, scalars[end] != ">" { end += 1 }
                let tag = String(String.UnicodeScalarView(scalars[index..<end])).lowercased()
                if !tag.contains(" src=") && !tag.contains("\nsrc=") && !tag.contains("\tsrc=") {
                    found.append((line, column))
                }
            }
            if scalars[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
        return found
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-"
    }
}
