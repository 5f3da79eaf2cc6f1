import Foundation
import TesseraTemplate

extension ThemeWords {
    /// The language the built-in theme's words are in; the only one until a site chooses
    /// its own (issue 21).
    static let defaultLanguage = "en"
    /// The CLDR plural categories, the names a counted noun's texts may have.
    static let categories = ["zero", "one", "two", "few", "many", "other"]

    /// The words file of `language` in a theme folder (`words/en.yaml`).
    static func path(of language: String) -> String { "words/\(language).yaml" }

    /// The built-in default theme's words, read with `documents` (Core reads no YAML itself).
    ///
    /// - Throws: `ThemeError.words` when the built-in file is broken (a bug of this build).
    static func builtIn(documents: any DocumentParsing) throws(ThemeError) -> ThemeWords {
        let name = path(of: defaultLanguage)
        let text = DefaultTemplates.textFiles[DefaultTemplates.defaultTheme]?[name] ?? ""
        let file = "Templates/\(DefaultTemplates.defaultTheme)/\(name) (built in)"
        let read = try Self.read(text, file: file, documents: documents)
        guard let plurals = read.plurals else { throw .words(file, line: 1, message: "no 'plurals:' rules") }
        return ThemeWords(language: defaultLanguage, words: read.words.mapValues(\.word), plurals: plurals)
    }

    /// The words of a templates folder: its `words/en.yaml` over the built-in theme's, each
    /// word it leaves out (a warning naming the file and the word) taken from the built-in
    /// file; without the file, or without a folder, the built-in words. The folder's plural
    /// rules, when it gives any, replace the built-in ones as a whole.
    ///
    /// - Throws: `ThemeError` when the file cannot be read, is not UTF-8 or not YAML, a
    ///   word is not a text (or a counted noun not a map of categories with an `other`), or
    ///   a plural rule cannot be read: each with the file and line.
    static func load(from folder: URL?, documents: any DocumentParsing) throws(ThemeError) -> ThemeWords {
        var words = try builtIn(documents: documents)
        guard let folder else { return words }
        let path = folder.appendingPathComponent(Self.path(of: words.language)).path
        guard FileSystem.exists(path) else { return words }
        let file: TextFile
        switch FileSystem.readFile(path) {
        case .success(let bytes): file = TextFile(bytes: bytes)
        case .failure(let failure): throw .unreadable(path, reason: failure.description)
        }
        for repair in file.repairs {
            if case .invalidEncoding(let line) = repair { throw .notText(path, line: line) }
            words.warnings.append(TemplateWarning(file: path, line: repair.line, column: 1, message: repair.message))
        }
        let read = try Self.read(file.text, file: path, documents: documents)
        if let plurals = read.plurals { words.plurals = plurals }
        let known = words.words.keys.sorted()
        for name in known where read.words[name] == nil {
            words.warnings.append(
                TemplateWarning(
                    file: path, line: read.wordsLine, column: 1,
                    message: "no word '\(name)'; the built-in theme's \(words.words[name].map(Self.quoted) ?? "") "
                        + "is used: add '\(name):' under 'words:'"))
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
        // falls back to `other`: right for some numbers only.
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
        }
        return words
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

    /// One words file read: its words, its plural rules (nil when it gives none) and the
    /// line of its `words:` map, for a warning about a word it lacks.
    static func read(
        _ text: String, file: String, documents: any DocumentParsing
    ) throws(ThemeError) -> (words: [String: ReadWord], plurals: PluralRules?, wordsLine: Int) {
        let document: ConfigurationDocument
        do { document = try documents.parse(text, file: file) } catch {
            guard case .malformed(let detail) = error.reason else { throw .words(file, line: nil, message: "\(error)") }
            throw .words(file, line: error.line, message: "not a YAML document: \(detail)")
        }
        func fail(_ line: Int?, _ message: String) -> ThemeError { .words(file, line: line, message: message) }
        guard case .map(let top) = document.value else {
            throw fail(document.line, "a words file is a map with 'plurals:' and 'words:'")
        }
        var words: [String: ReadWord] = [:]
        var plurals: PluralRules?
        var wordsLine = 1
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
                do { plurals = try PluralRules(table) } catch let error as PluralRuleError {
                    let line = rules.first { $0.key == error.category }?.line ?? entry.line
                    throw fail(line, error.description)
                } catch {
                    throw fail(entry.line, "\(error)")
                }
            case "words":
                wordsLine = entry.line ?? 1
                guard case .map(let entries) = entry.value.value else {
                    throw fail(entry.line, "'words' must map each word's name to its text")
                }
                for word in entries {
                    words[word.key] = ReadWord(word: try Self.word(word, fail: fail), line: word.line ?? wordsLine)
                }
            default:
                let hint = NearMiss.nearest(to: entry.key, among: ["plurals", "words"]).map {
                    "; did you mean '\($0)'?"
                }
                throw fail(entry.line, "unknown key '\(entry.key)'\(hint ?? "; the keys are plurals, words")")
            }
        }
        return (words, plurals, wordsLine)
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
