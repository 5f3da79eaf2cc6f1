extension SiteConfiguration {
    /// What `tessera init` writes into a folder of photos, by path in it: the starter
    /// `tessera.yaml`, and with `templates` (a folder's name) the default theme's files in
    /// that folder — templates, stylesheets, script, metrics, words, then its assets byte
    /// for byte — and the folder named in the `tessera.yaml`.
    package static func starterFiles(templates: String? = nil) -> [(path: String, bytes: [UInt8])] {
        var files = [(path: ConfigurationFile.name, bytes: Array(starterYAML(templates: templates).utf8))]
        if let templates {
            files += Theme.builtInFiles.map { (path: "\(templates)/\($0.name)", bytes: Array($0.text.utf8)) }
            files += Theme.builtInAssets.map { (path: "\(templates)/\($0.name)", bytes: $0.bytes) }
        }
        return files
    }

    /// The commented `tessera.yaml` that `tessera init` writes: every setting's row of
    /// `settings` that has starter lines, in the table's order, with its default (or an
    /// example) commented out, so the file reads as the defaults until a line is uncommented.
    ///
    /// - Parameter templates: a templates folder to name, uncommented (`init --templates`).
    static func starterYAML(templates: String? = nil) -> String {
        let defaults = SiteConfiguration()
        var lines = [
            "# tessera.yaml: the site's settings. Every line is optional; the values shown are",
            "# the defaults. Flags given to 'tessera build' override this file.",
            "version: \(currentVersion)",
        ]
        var section: String?
        for setting in settings {
            guard let starter = setting.starter else { continue }
            if setting.section != section, let name = setting.section {
                section = name
                lines += ["", "# \(name):"]
            } else if starter.opensGroup {
                lines.append("")
            }
            lines += starter.heading.map { "# \($0)" }
            let indent = section == nil ? "" : "  "
            let given = setting.path == Self.templates.key ? templates : nil
            let key = (given == nil ? "# " : "") + indent + setting.key + ":"
            let comment = starter.comment.map { "   # \($0)" } ?? ""
            switch starter.value {
            case .defaultValue: lines.append("\(key) \(given ?? setting.show(defaults))\(comment)")
            case .text(let example): lines.append("\(key) \(given ?? example)\(comment)")
            case .list(let items):
                lines.append(key + comment)
                lines += items.map { "# \(indent)  - \($0)" }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
