/// Why a configuration could not be read: which file, line (when the format tells), key,
/// and what to write instead.
package struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Reason: Sendable, Hashable {
        /// A key no setting has; `suggestion` is the nearest real one, `known` all keys there.
        case unknownKey(suggestion: String?, known: [String])
        /// A value of the wrong type or out of range: what was found and what is accepted.
        case invalidValue(found: String, expected: String)
        /// A `version` this build of Tessera does not read.
        case unsupportedVersion(found: String)
        /// The file is not a document of its format at all.
        case malformed(String)
    }

    /// The configuration file as the user named it, or a label like `flags`.
    var file: String
    /// 1-based line of the offending key, when the document format records lines.
    var line: Int?
    /// The key's dotted path, e.g. `layout.row_height`; nil for the document as a whole.
    var key: String?
    var reason: Reason

    package init(file: String, line: Int? = nil, key: String? = nil, reason: Reason) {
        self.file = file
        self.line = line
        self.key = key
        self.reason = reason
    }

    /// One sentence after a `file:line:` position, e.g.
    /// `tessera.yaml:4: unknown key 'row_heigth' in 'layout'; did you mean 'row_height'?`.
    package var description: String {
        let position = file + (line.map { ":\($0)" } ?? "") + ": "
        return position + message
    }

    private var message: String {
        let name = key.map { String($0.split(separator: ".").last ?? "") } ?? ""
        let section = key.flatMap { key in key.contains(".") ? String(key[..<key.lastIndex(of: ".")!]) : nil }
        switch reason {
        case .unknownKey(let suggestion, let known):
            let place = section.map { " in '\($0)'" } ?? ""
            if let suggestion { return "unknown key '\(name)'\(place); did you mean '\(suggestion)'?" }
            return "unknown key '\(name)'\(place); the keys there are \(known.joined(separator: ", "))"
        case .invalidValue(let found, let expected):
            return "'\(key ?? "the document")' must be \(expected), not \(found)"
        case .unsupportedVersion(let found):
            return
                "version \(found) is not one this tessera reads (it reads version \(SiteConfiguration.currentVersion)); "
                + "write 'version: \(SiteConfiguration.currentVersion)' or use a newer tessera"
        case .malformed(let detail):
            return "not a configuration document: \(detail)"
        }
    }
}
