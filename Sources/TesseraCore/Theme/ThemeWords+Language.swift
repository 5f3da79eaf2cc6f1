import TesseraTemplate

extension ThemeWords {
    /// The languages `theme` has word files for (`words/<language>.yaml`), by name: its own
    /// and the default theme's, which a theme that brings no words (`journal`) speaks.
    static func builtInLanguages(of theme: String = DefaultTemplates.defaultTheme) -> [String] {
        let own = DefaultTemplates.textFiles[theme]?.keys.map { $0 } ?? []
        let base = DefaultTemplates.textFiles[DefaultTemplates.defaultTheme]?.keys.map { $0 } ?? []
        return Array(Set(languages(in: own + base))).sorted()
    }

    /// The languages among `paths` in a theme folder: each `words/<language>.yaml`.
    static func languages(in paths: [String]) -> [String] {
        paths.compactMap { path in
            guard path.hasPrefix("words/"), path.hasSuffix(".yaml") else { return nil }
            let name = path.dropFirst("words/".count).dropLast(".yaml".count)
            return name.isEmpty || name.contains("/") ? nil : String(name)
        }.sorted()
    }

    /// The language of `available` that BCP 47 lookup gives `tag`: the tag itself, else the
    /// tag with its last subtag dropped, and so on (`pt-BR` → `pt`, `zh-Hans-CN` →
    /// `zh-Hans`), ignoring case; Chinese without a Traditional script or region (`zh`,
    /// `zh-CN`, `zh-SG`) is Simplified (`zh-Hans`); a deprecated language code is read as
    /// the one that replaced it (`iw`, which Java's `Locale` still writes for Hebrew, is
    /// `he`). Nil when none matches.
    static func match(_ tag: String, among available: [String]) -> String? {
        let byKey = Dictionary(available.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        var subtags = tag.lowercased().split(separator: "-").map(String.init)
        if let first = subtags.first, let current = replacedLanguageCodes[first] { subtags[0] = current }
        let primary = subtags.first ?? ""
        let traditional = subtags.dropFirst().contains { ["hant", "tw", "hk", "mo"].contains($0) }
        while !subtags.isEmpty {
            if let found = byKey[subtags.joined(separator: "-")] { return found }
            subtags.removeLast()
        }
        if primary == "zh", !traditional, let simplified = byKey["zh-hans"] { return simplified }
        return nil
    }

    /// IANA's deprecated two-letter language codes and those that replaced them.
    static let replacedLanguageCodes = ["iw": "he", "in": "id", "ji": "yi", "jw": "jv", "mo": "ro"]

    /// What a build says when no word file matches `tag`: the nearest of `available` (the
    /// same language in another script or region, else the closest spelling), and that the pages stay in `fallback`.
    static func unknownLanguageMessage(_ tag: String, available: [String], fallback: String) -> String {
        let primary = String(tag.split(separator: "-").first ?? "")
        let byPrimary = Dictionary(
            available.map { (String($0.lowercased().split(separator: "-").first ?? ""), $0) },
            uniquingKeysWith: { a, _ in a })
        // Two-letter codes near in spelling are other languages ('ca' is not 'ja', 'da' not
        // 'de'): only a longer code ('fre', 'pol') is taken for a misspelt one.
        let spelt =
            primary.count > 2
            ? NearMiss.nearest(to: tag, among: available)
                ?? NearMiss.nearest(to: primary.lowercased(), among: byPrimary.keys).flatMap { byPrimary[$0] } : nil
        let nearest = byPrimary[primary.lowercased()] ?? spelt
        let hint =
            nearest.map { "the nearest built-in language is '\($0)'" }
            ?? "the built-in languages are \(available.joined(separator: ", "))"
        return "language '\(tag)' has no words (\(hint)); the pages are written in '\(fallback)': "
            + "set 'language:' to a built-in language, or add words/\(tag).yaml to your templates folder"
    }
}
