import Foundation
import TesseraTemplate

extension SiteConfiguration {
    /// Reads a configuration document: settings it leaves out keep their defaults. Every
    /// key is checked: an unknown one is named with the nearest real key, a value of the
    /// wrong type or out of range with what is accepted.
    ///
    /// - Parameter file: the file as the user named it, for messages.
    init(document: ConfigurationDocument, file: String) throws(ConfigurationError) {
        self.init()
        let topLevel = ["version"] + Self.settings.filter { $0.section == nil }.map(\.key) + Self.sections
        guard case .map(let entries) = document.value else {
            throw ConfigurationError(
                file: file, line: document.line,
                reason: .invalidValue(found: document.summary, expected: "a map of settings"))
        }
        for entry in entries {
            if entry.key == "version" {
                // `version: "1"` is the same version, quoted.
                guard entry.value.text.flatMap(Int.init) ?? entry.value.wholeNumber == Self.currentVersion else {
                    throw ConfigurationError(
                        file: file, line: entry.line, key: "version",
                        reason: .unsupportedVersion(found: entry.value.summary))
                }
            } else if let setting = Self.settings.first(where: { $0.section == nil && $0.key == entry.key }) {
                try read(entry, with: setting, file: file)
            } else if Self.sections.contains(entry.key) {
                try readSection(entry, file: file)
            } else {
                throw unknown(entry, among: topLevel, in: nil, file: file)
            }
        }
    }

    /// Reads a JSON configuration file's bytes.
    init(json: Data, file: String) throws(ConfigurationError) {
        try self.init(document: ConfigurationDocument.json(json, file: file), file: file)
    }

    /// Decodes through the same checks as `init(document:file:)`; a rejected configuration
    /// is a `DecodingError.dataCorrupted` whose underlying error is the `ConfigurationError`.
    package init(from decoder: any Decoder) throws {
        let document = try ConfigurationDocument(from: decoder)
        do {
            try self.init(document: document, file: "configuration")
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }

    /// Checks a configuration made in code (or changed after reading) against every rule.
    package func validate(file: String = "configuration") throws(ConfigurationError) {
        if version != Self.currentVersion {
            throw ConfigurationError(file: file, key: "version", reason: .unsupportedVersion(found: String(version)))
        }
        for setting in Self.settings where !setting.isValid(self) {
            throw ConfigurationError(
                file: file, key: setting.path,
                reason: .invalidValue(found: setting.show(self), expected: setting.expectation))
        }
    }

    /// The sections, in the order a configuration file lists them.
    static var sections: [String] {
        var names: [String] = []
        for case let section? in settings.map(\.section) where !names.contains(section) { names.append(section) }
        return names
    }

    private mutating func readSection(_ section: ConfigurationDocument.Entry, file: String) throws(ConfigurationError) {
        guard case .map(let entries) = section.value.value else {
            throw ConfigurationError(
                file: file, line: section.line, key: section.key,
                reason: .invalidValue(found: section.value.summary, expected: "a map of settings"))
        }
        let settings = Self.settings.filter { $0.section == section.key }
        for entry in entries {
            guard let setting = settings.first(where: { $0.key == entry.key }) else {
                throw unknown(entry, among: settings.map(\.key), in: section.key, file: file)
            }
            try read(entry, with: setting, file: file)
        }
    }

    private mutating func read(
        _ entry: ConfigurationDocument.Entry, with setting: AnySiteSetting, file: String
    ) throws(ConfigurationError) {
        guard setting.read(entry.value, &self) else {
            var found = entry.value.summary
            if case .text(let text) = entry.value.value, let nearest = setting.nearest?(text) {
                found += "; did you mean '\(nearest)'?"
            } else if case .list(let items) = entry.value.value,
                let (text, nearest) = items.lazy.compactMap({ item in
                    item.text.flatMap { text in setting.nearest?(text).map { (text, $0) } }
                }).first(where: { $0.0 != $0.1 })
            {
                found += "; did you mean '\(nearest)' for '\(text)'?"
            }
            throw ConfigurationError(
                file: file, line: entry.line ?? entry.value.line, key: setting.path,
                reason: .invalidValue(found: found, expected: setting.expectation))
        }
    }

    /// An unknown key, with the nearest key of the same map or, failing that, the same key
    /// where it belongs (`quality` under `layout` → `images.quality`).
    private func unknown(
        _ entry: ConfigurationDocument.Entry, among known: [String], in section: String?, file: String
    ) -> ConfigurationError {
        let elsewhere = Self.settings.filter { $0.section != section }
        let moved =
            elsewhere.contains { $0.key == entry.key }
            ? entry.key : NearMiss.nearest(to: entry.key, among: elsewhere.map(\.key))
        let suggestion =
            NearMiss.nearest(to: entry.key, among: known)
            ?? moved.flatMap { key in elsewhere.first { $0.key == key }?.path }
        return ConfigurationError(
            file: file, line: entry.line, key: section.map { "\($0).\(entry.key)" } ?? entry.key,
            reason: .unknownKey(suggestion: suggestion, known: known))
    }
}
