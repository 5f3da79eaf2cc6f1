import Foundation
import TesseraTemplate

extension ThemeWords {
    /// The language the built-in theme's words are in; the only one until a site chooses
    /// its own (issue 21).
    static let defaultLanguage = "en"
    /// The CLDR plural categories, the names a counted noun's texts may have.
    static let categories = ["zero", "one", "two", "few", "many", "other"]
    /// Up to this many words a user's file leaves out are each a warning of their own; more
    /// are one warning naming the first of them.
    static let wordsNamedOneByOne = 5

    /// The words file of `language` in a theme folder (`words/en.yaml`).
    static func path(of language: String) -> String { "words/\(language).yaml" }

    /// The built-in words of `language` in `theme` (`words/<language>.yaml`, BCP 47 lookup:
    /// `pt-BR` reads `pt`), read with `documents` (Core reads no YAML itself). A language
    /// with no word file gets the English words and `unknownLanguage` says so.
    ///
    /// - Throws: `ThemeError.words` when the built-in file is broken (a bug of this build).
    static func builtIn(
        language: String = defaultLanguage, theme: String = DefaultTemplates.defaultTheme,
        documents: any DocumentParsing
    ) throws(ThemeError) -> ThemeWords {
        let available = builtInLanguages(of: theme)
        let matched = match(language, among: available)
        var words = try builtInFile(matched ?? defaultLanguage, theme: theme, documents: documents)
        if matched == nil {
            words.unknownLanguage = unknownLanguageMessage(language, available: available, fallback: defaultLanguage)
        }
        return words
    }

    /// One built-in word file of `theme`, else of the default theme.
    private static func builtInFile(
        _ language: String, theme: String, documents: any DocumentParsing
    ) throws(ThemeError) -> ThemeWords {
        let name = path(of: language)
        let owner = DefaultTemplates.textFiles[theme]?[name] == nil ? DefaultTemplates.defaultTheme : theme
        let text = DefaultTemplates.textFiles[owner]?[name] ?? ""
        let file = "Templates/\(owner)/\(name) (built in)"
        let read = try Self.read(text, file: file, documents: documents)
        guard let plurals = read.plurals else { throw .words(file, line: 1, message: "no 'plurals:' rules") }
        var words = ThemeWords(language: language, words: read.words.mapValues(\.word), plurals: plurals)
        words.apply(read)
        return words
    }

    /// The words of `language` for a templates folder: its `words/<language>.yaml` (found by
    /// BCP 47 lookup like the built-in ones) over the built-in theme's file of that language,
    /// each word it leaves out (a warning naming the file and the word) taken from the
    /// built-in file; without the file, or without a folder, the built-in words. A folder
    /// may bring a language the theme lacks: its words are then over the English ones. The
    /// folder's plural rules, when it gives any, replace the built-in ones as a whole; its
    /// `direction` and `dates`, when it gives them, replace the built-in ones.
    ///
    /// - Throws: `ThemeError` when the file cannot be read, is not UTF-8 or not YAML, a
    ///   word is not a text (or a counted noun not a map of categories with an `other`), or
    ///   a plural rule cannot be read: each with the file and line.
    static func load(
        from folder: URL?, language: String = defaultLanguage, theme: String = DefaultTemplates.defaultTheme,
        documents: any DocumentParsing
    ) throws(ThemeError) -> ThemeWords {
        var words = try builtIn(language: language, theme: theme, documents: documents)
        guard let folder else { return words }
        let own = languages(
            in: FileSystem.entries(of: folder.appendingPathComponent("words").path).map { "words/" + $0 })
        guard let mine = match(language, among: own) else { return words }
        words.unknownLanguage = nil
        let path = folder.appendingPathComponent(Self.path(of: mine)).path
        guard FileSystem.exists(path) else { return words }
        let file = try Theme.readText(at: path)
        words.warnings += file.warnings
        let read = try Self.read(file.text, file: path, documents: documents)
        if let plurals = read.plurals { words.plurals = plurals }
        words.apply(read)
        let known = words.words.keys.sorted()
        let missing = known.filter { read.words[$0] == nil }
        if missing.count <= Self.wordsNamedOneByOne {
            for name in missing {
                words.warnings.append(
                    TemplateWarning(
                        file: path, line: read.wordsLine, column: 1,
                        message: "no word '\(name)'; the built-in theme's \(words.words[name].map(Self.quoted) ?? "") "
                            + "is used: add '\(name):' under 'words:'"))
            }
        } else {
            // A file that changes a few words: one warning, not one per word (45 for two
            // words changed buried any other).
            let shown = missing.prefix(Self.wordsNamedOneByOne).map { "'\($0)'" }.joined(separator: ", ")
            words.warnings.append(
                TemplateWarning(
                    file: path, line: read.wordsLine, column: 1,
                    message:
                        "\(missing.count) words are left out (\(shown) and \(missing.count - Self.wordsNamedOneByOne) "
                        + "more); the built-in theme's are used: add any under 'words:' to change it"))
        }
        for (name, found) in read.words.sorted(by: { $0.key < $1.key }) {
            guard let builtIn = words.words[name] else {
                let hint = NearMiss.nearest(to: name, among: known).map { "; did you mean '\($0)'?" } ?? ""
                words.warnings.append(
                    TemplateWarning(
                        file: path, line: found.line, column: 1,
                        message: "no page uses a word '\(name)'\(hint) (it is left out)"))
                continue
            }
            // A name in braces the page does not fill is shown as written (`{cnt} photos`).
            let filled = Self.placeholders(in: builtIn)
            for unknown in Self.placeholders(in: found.word).subtracting(filled).sorted() {
                let fills = filled.isEmpty ? "none" : filled.sorted().map { "{\($0)}" }.joined(separator: ", ")
                words.warnings.append(
                    TemplateWarning(
                        file: path, line: found.line, column: 1,
                        message: "'\(name)' has '{\(unknown)}', which no page fills in (this word's are: \(fills)); "
                            + "it would be shown as written"))
            }
            switch (builtIn, found.word) {
            case (.text, .text), (.counted, .counted): words.words[name] = found.word
            case (.text, .counted):
                throw .words(path, line: found.line, message: "'\(name)' must be one text, not texts by category")
            case (.counted, .text):
                throw .words(
                    path, line: found.line,
                    message: "'\(name)' is a counted noun: give a text for each plural category, "
                        + "e.g. 'one: \"{count} …\"' and 'other: \"{count} …\"'")
            }
        }
        // A category the language's rules give a number but a counted noun has no text for
        // falls back to `other`: right for some numbers only. One the rules give no number
        // is never shown: its rule is missing, or the text is misplaced.
        let ruled = words.plurals.rules.map(\.category)
        for (name, found) in read.words.sorted(by: { $0.key < $1.key }) {
            guard case .counted(let forms) = found.word else { continue }
            for category in ruled where forms[category] == nil {
                words.warnings.append(
                    TemplateWarning(
                        file: path, line: found.line, column: 1,
                        message: "'\(name)' has no '\(category)' text, which the plural rules give some numbers; "
                            + "the 'other' text is used for them"))
            }
            for category in forms.keys.sorted() where category != "other" && !ruled.contains(category) {
                words.warnings.append(
                    TemplateWarning(
                        file: path, line: found.line, column: 1,
                        message: "'\(name)' has a '\(category)' text, but the plural rules give no number "
                            + "'\(category)', so it is never shown: add a '\(category):' rule under 'plurals:'"))
            }
        }
        // A misspelt name in the date's format is shown as written on every page.
        if let format = read.dateFormat {
            for unknown in Self.placeholders(in: .text(format)).subtracting(Self.datePlaceholders).sorted() {
                let hint =
                    NearMiss.nearest(to: unknown, among: Self.datePlaceholders.sorted())
                    .map { "did you mean '{\($0)}'? " } ?? ""
                let names = Self.datePlaceholders.sorted().map { "{\($0)}" }.joined(separator: ", ")
                words.warnings.append(
                    TemplateWarning(
                        file: path, line: read.dateFormatLine ?? 1, column: 1,
                        message: "'dates.format' has '{\(unknown)}', which no date fills in; \(hint)"
                            + "(the names are \(names)); it would be shown as written"))
            }
        }
        return words
    }

    /// The names in braces a word's texts hold (`{count}`, `{title}`): a letter, then
    /// letters and digits.
    static func placeholders(in word: Word) -> Set<String> {
        let texts: [String]
        switch word {
        case .text(let text): texts = [text]
        case .counted(let forms): texts = Array(forms.values)
        }
        var names: Set<String> = []
        for text in texts {
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "{") {
                let after = rest[rest.index(after: open)...]
                guard let close = after.firstIndex(of: "}") else { break }
                let name = after[..<close]
                if let first = name.first, first.isASCII, first.isLetter,
                    name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
                {
                    names.insert(String(name))
                }
                rest = after
            }
        }
        return names
    }

    private static func quoted(_ word: Word) -> String {
        switch word {
        case .text(let text): "'\(text)'"
        case .counted(let forms): "'\(forms["other"] ?? "")'"
        }
    }

    /// A word as read, with the line of its name.
    struct ReadWord: Sendable, Hashable {
        var word: Word
        var line: Int
    }

    /// One words file as read: its words, its plural rules, direction and date format (each
    /// nil when it gives none) and the line of its `words:` map, for a warning about a word
    /// it lacks.
    struct ReadFile: Sendable {
        var words: [String: ReadWord] = [:]
        var plurals: PluralRules?
        var wordsLine = 1
        var rightToLeft: Bool?
        var dateFormat: String?
        /// The line of `dates.format`, for a warning about its placeholders.
        var dateFormatLine: Int?
        var months: [String]?
        var dayPeriods: [String]?
    }

    /// The top-level keys of a words file.
    static let fileKeys = ["plurals", "direction", "dates", "words"]

    /// The file's direction and date format over these words' (each only when it gives one).
    mutating func apply(_ read: ReadFile) {
        if let rightToLeft = read.rightToLeft { self.rightToLeft = rightToLeft }
        if let dateFormat = read.dateFormat { self.dateFormat = dateFormat }
        if let months = read.months { self.months = months }
        if let dayPeriods = read.dayPeriods { self.dayPeriods = dayPeriods }
    }

    /// One words file read.
    static func read(
        _ text: String, file: String, documents: any DocumentParsing
    ) throws(ThemeError) -> ReadFile {
        let document: ConfigurationDocument
        do { document = try documents.parse(text, file: file) } catch {
            guard case .malformed(let detail) = error.reason else { throw .words(file, line: nil, message: "\(error)") }
            throw .words(file, line: error.line, message: "not a YAML document: \(detail)")
        }
        func fail(_ line: Int?, _ message: String) -> ThemeError { .words(file, line: line, message: message) }
        guard case .map(let top) = document.value else {
            throw fail(document.line, "a words file is a map with 'plurals:' and 'words:'")
        }
        var result = ReadFile()
        for entry in top {
            switch entry.key {
            case "plurals":
                guard case .map(let rules) = entry.value.value else {
                    throw fail(entry.line, "'plurals' must map categories to CLDR rules, e.g. one: \"i = 1 and v = 0\"")
                }
                var table: [(category: String, text: String)] = []
                for rule in rules {
                    guard categories.contains(rule.key) else {
                        throw fail(
                            rule.line,
                            "'\(rule.key)' is not a plural category; the categories are "
                                + categories.joined(separator: ", "))
                    }
                    guard case .text(let condition) = rule.value.value else {
                        throw fail(rule.line, "the rule for '\(rule.key)' must be CLDR rule text in quotes")
                    }
                    table.append((rule.key, condition))
                }
                do { result.plurals = try PluralRules(table) } catch let error as PluralRuleError {
                    let line = rules.first { $0.key == error.category }?.line ?? entry.line
                    throw fail(line, error.description)
                } catch {
                    throw fail(entry.line, "\(error)")
                }
            case "words":
                result.wordsLine = entry.line ?? 1
                guard case .map(let entries) = entry.value.value else {
                    throw fail(entry.line, "'words' must map each word's name to its text")
                }
                for word in entries {
                    result.words[word.key] = ReadWord(
                        word: try Self.word(word, fail: fail), line: word.line ?? result.wordsLine)
                }
            case "direction":
                switch entry.value.value {
                case .text("rtl"): result.rightToLeft = true
                case .text("ltr"): result.rightToLeft = false
                default: throw fail(entry.line, "'direction' must be 'ltr' (left to right) or 'rtl' (right to left)")
                }
            case "dates":
                try readDates(entry, into: &result, fail: fail)
            default:
                let hint = NearMiss.nearest(to: entry.key, among: fileKeys).map {
                    "; did you mean '\($0)'?"
                }
                throw fail(
                    entry.line,
                    "unknown key '\(entry.key)'\(hint ?? "; the keys are " + fileKeys.joined(separator: ", "))")
            }
        }
        return result
    }

    /// A file's `dates:` map: `format` (the placeholders of `ThemeWords.date`), `months`
    /// (twelve names, January first) and `dayPeriods` (before and after noon), all optional.
    private static func readDates(
        _ entry: ConfigurationDocument.Entry, into result: inout ReadFile, fail: (Int?, String) -> ThemeError
    ) throws(ThemeError) {
        guard case .map(let keys) = entry.value.value else {
            throw fail(entry.line, "'dates' must be a map with 'format:', 'months:' and 'dayPeriods:'")
        }
        for key in keys {
            switch (key.key, key.value.value) {
            case ("format", .text(let format)):
                result.dateFormat = format
                result.dateFormatLine = key.line
            case ("months", .list(let items)):
                guard let names = texts(items, count: 12) else {
                    throw fail(key.line, "'dates.months' must list the twelve months' names, January first")
                }
                result.months = names
            case ("dayPeriods", .list(let items)):
                guard let names = texts(items, count: 2) else {
                    throw fail(key.line, "'dates.dayPeriods' must list two words, before noon first (e.g. [AM, PM])")
                }
                result.dayPeriods = names
            case ("dayPeriods", _):
                throw fail(key.line, "'dates.dayPeriods' must be a list of two words, before noon first")
            case ("format", _): throw fail(key.line, "'dates.format' must be a text, e.g. \"{day} {monthName} {year}\"")
            case ("months", _): throw fail(key.line, "'dates.months' must be a list of the twelve months' names")
            default:
                throw fail(key.line, "unknown key 'dates.\(key.key)'; the keys are format, months, dayPeriods")
            }
        }
    }

    /// The texts of `items` when they are exactly `count` texts (a list of months, of day
    /// periods); nil for any other list.
    private static func texts(_ items: [ConfigurationDocument], count: Int) -> [String]? {
        let names = items.compactMap { item -> String? in
            if case .text(let name) = item.value { return name }
            return nil
        }
        return names.count == count && items.count == count ? names : nil
    }

    private static func word(
        _ entry: ConfigurationDocument.Entry, fail: (Int?, String) -> ThemeError
    ) throws(ThemeError) -> Word {
        switch entry.value.value {
        case .text(let text): return .text(text)
        case .number(let number): return .text(number.plainText)
        case .map(let forms):
            var texts: [String: String] = [:]
            for form in forms {
                guard categories.contains(form.key) else {
                    throw fail(
                        form.line,
                        "'\(form.key)' in '\(entry.key)' is not a plural category; the categories are "
                            + categories.joined(separator: ", "))
                }
                guard case .text(let text) = form.value.value else {
                    throw fail(form.line, "'\(entry.key).\(form.key)' must be a text")
                }
                texts[form.key] = text
            }
            guard texts["other"] != nil else {
                throw fail(entry.line, "'\(entry.key)' needs an 'other' text, used for every number no rule names")
            }
            return .counted(texts)
        default:
            throw fail(entry.line, "'\(entry.key)' must be a text (in quotes if it has a ':' or '#')")
        }
    }
}
