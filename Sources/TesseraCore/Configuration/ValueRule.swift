import Foundation
import TesseraTemplate

/// Which values a setting or option accepts, and how to read one from a flag's text or from
/// a configuration document. Ranges are stated once, here in a rule, and every message
/// about them (`expected a whole number from 1 to 100`) is made from the same rule.
package struct ValueRule<Value: Sendable>: Sendable {
    /// What is accepted, as a message ends: `a whole number from 1 to 100`.
    let expectation: String
    /// What is accepted as flag text, when it reads differently (lists are comma-separated).
    package let textExpectation: String
    private let fromText: @Sendable (String) -> Value?
    private let fromDocument: @Sendable (ConfigurationDocument) -> Value?
    private let isAccepted: @Sendable (Value) -> Bool
    /// The value as help shows a default (`240`); nil for no value.
    private let show: @Sendable (Value) -> String?
    /// The accepted value nearest to a refused text (`portfolo` → `portfolio`), for rules
    /// that accept a few names; nil for the others.
    var nearest: (@Sendable (String) -> String?)?

    init(
        expectation: String, textExpectation: String? = nil,
        fromText: @escaping @Sendable (String) -> Value?,
        fromDocument: @escaping @Sendable (ConfigurationDocument) -> Value?,
        accepts: @escaping @Sendable (Value) -> Bool = { _ in true },
        show: @escaping @Sendable (Value) -> String?
    ) {
        self.expectation = expectation
        self.textExpectation = textExpectation ?? expectation
        self.fromText = fromText
        self.fromDocument = fromDocument
        self.isAccepted = accepts
        self.show = show
    }

    /// The value a flag's text stands for, or nil when it is malformed or out of range.
    package func value(fromText text: String) -> Value? {
        fromText(text).flatMap { isAccepted($0) ? $0 : nil }
    }

    /// The value a document node stands for, or nil when it has the wrong type or is out of range.
    func value(from node: ConfigurationDocument) -> Value? {
        fromDocument(node).flatMap { isAccepted($0) ? $0 : nil }
    }

    /// Whether a value already made (in code, not read) is within the rule.
    func accepts(_ value: Value) -> Bool { isAccepted(value) }

    /// The value as help and messages show it: `240`, `1.5`.
    func text(of value: Value) -> String? { show(value) }
}

extension ValueRule where Value == Int {
    /// A whole number within `range`.
    package static func wholeNumber(_ range: ClosedRange<Int>) -> ValueRule {
        ValueRule(
            expectation: "a whole number from \(range.lowerBound) to \(range.upperBound)",
            fromText: { Int($0) },
            fromDocument: { node in
                guard case .number(let x) = node.value, x == x.rounded(), abs(x) < 1e15 else { return nil }
                return Int(x)
            },
            accepts: { range.contains($0) },
            show: { String($0) })
    }
}

extension ValueRule where Value == Int? {
    /// A whole number within `range`, or nothing (`null` in a document) for what `unset`
    /// says happens then.
    static func optionalWholeNumber(_ range: ClosedRange<Int>, unset: String) -> ValueRule {
        let number = ValueRule<Int>.wholeNumber(range)
        return ValueRule(
            expectation: "\(number.expectation), or null for \(unset)",
            textExpectation: number.expectation,
            fromText: { text in number.value(fromText: text).map { .some($0) } },
            fromDocument: { node in
                if case .null = node.value { return .some(nil) }
                return number.value(from: node).map { .some($0) }
            },
            accepts: { $0.map(number.accepts) ?? true },
            show: { $0.map(String.init) })
    }
}

extension ValueRule where Value == [RenditionFormat] {
    /// The formats written beside JPEG: a list of `avif` and `webp` in a document (`[]` for
    /// JPEG only), comma-separated as flag text (`none` for JPEG only). Kept best first,
    /// whatever order they are given in.
    static var modernFormats: ValueRule {
        let names = RenditionFormat.modern.map { "'\($0.rawValue)'" }.joined(separator: " and ")
        let parse: @Sendable ([String]) -> [RenditionFormat]? = { words in
            let formats = words.map { word in RenditionFormat.modern.first { $0.rawValue == word.lowercased() } }
            if formats.contains(nil) { return nil }
            return RenditionFormat.modern.filter { formats.contains($0) }
        }
        return ValueRule(
            expectation: "a list of \(names) (the formats written beside JPEG), or [] for JPEG only",
            textExpectation: "\(names) separated by commas, or 'none' for JPEG only",
            fromText: { text in
                text.lowercased() == "none"
                    ? [] : parse(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            },
            fromDocument: { node in
                guard case .list(let items) = node.value else { return nil }
                let words = items.map { item -> String? in
                    if case .text(let text) = item.value { return text }
                    return nil
                }
                return words.contains(nil) ? nil : parse(words.map { $0! })
            },
            accepts: { $0.allSatisfy(RenditionFormat.modern.contains) },
            show: { $0.isEmpty ? "none" : $0.map(\.rawValue).joined(separator: ",") })
    }
}

extension ValueRule where Value == Double {
    /// A finite number within `range`.
    package static func number(_ range: ClosedRange<Double>) -> ValueRule {
        ValueRule(
            expectation: "a number from \(range.lowerBound.plainText) to \(range.upperBound.plainText)",
            fromText: { Double($0) },
            fromDocument: { node in
                guard case .number(let x) = node.value else { return nil }
                return x
            },
            accepts: { $0.isFinite && range.contains($0) },
            show: { $0.plainText })
    }
}

extension ValueRule where Value == [Double] {
    /// At least one number, each within `range`, strictly ascending: a list in a document,
    /// comma-separated as flag text (`400,800,1200`).
    static func ascendingWidths(_ range: ClosedRange<Double>) -> ValueRule {
        let widths = "ascending widths from \(range.lowerBound.plainText) to \(range.upperBound.plainText)"
        return ValueRule(
            expectation: "a list of \(widths)",
            textExpectation: "\(widths), separated by commas",
            fromText: { text in
                let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map {
                    Double($0.trimmingCharacters(in: .whitespaces))
                }
                return numbers.contains(nil) ? nil : numbers.map { $0! }
            },
            fromDocument: { node in
                guard case .list(let items) = node.value else { return nil }
                let numbers = items.map { item -> Double? in
                    if case .number(let x) = item.value { return x }
                    return nil
                }
                return numbers.contains(nil) ? nil : numbers.map { $0! }
            },
            accepts: { widths in
                !widths.isEmpty && widths.allSatisfy { $0.isFinite && range.contains($0) }
                    && zip(widths, widths.dropFirst()).allSatisfy { $0 < $1 }
            },
            show: { $0.map(\.plainText).joined(separator: ",") })
    }
}

extension ValueRule where Value == String {
    /// Any text; `expectation` names what it is (`a folder path`).
    package static func text(_ expectation: String = "text") -> ValueRule {
        ValueRule(
            expectation: expectation,
            fromText: { $0 },
            fromDocument: { node in node.text },
            show: { $0 })
    }
}

extension ValueRule where Value == String {
    /// A language tag as `<html lang>` takes it (BCP 47's form): subtags of one to eight
    /// letters or digits joined by single hyphens, the first of two to eight letters (`en`,
    /// `pt-BR`, `zh-Hans-CN`, `es-419`), or `x`/`i` for a private or old one. `fr-`,
    /// `fr--CA` and a subtag of nine letters were written into `<html lang>`, which
    /// validators refuse.
    static var languageTag: ValueRule {
        ValueRule(
            expectation: "a language tag such as 'en' or 'pt-BR'",
            fromText: { $0 },
            fromDocument: { node in
                guard case .text(let text) = node.value else { return nil }
                return text
            },
            accepts: { tag in
                let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
                guard tag.count <= 35, let first = subtags.first,
                    (2...8).contains(first.count) || first.lowercased() == "x" || first.lowercased() == "i",
                    first.allSatisfy({ $0.isASCII && $0.isLetter })
                else { return false }
                return subtags.allSatisfy { subtag in
                    (1...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
                }
            },
            show: { $0 })
    }
}

extension ValueRule where Value == String {
    /// The name of a built-in theme (`Templates/<name>/`); a refused name is answered with
    /// the nearest one.
    static var builtInTheme: ValueRule {
        let names = Theme.builtInNames
        var rule = ValueRule(
            expectation: "one of the built-in themes " + names.map { "'\($0)'" }.joined(separator: ", "),
            fromText: { $0 },
            fromDocument: { node in
                guard case .text(let text) = node.value else { return nil }
                return text
            },
            accepts: { names.contains($0) },
            show: { $0 })
        rule.nearest = { NearMiss.nearest(to: $0, among: names) }
        return rule
    }
}

extension ValueRule where Value == String? {
    /// An absolute `http` or `https` URL, or nothing (`null`) for a site of relative links.
    ///
    /// - Parameters:
    ///   - published: whether every page will carry it (`base_url`), so a user name or
    ///     password in it is refused; `verify --url` may sign in to a staging server.
    ///   - orHomePage: whether the home page's own address (`…/index.html`, as a browser's
    ///     address bar shows it) names the site too, as `verify --url` takes it.
    package static func siteURL(published: Bool, orHomePage: Bool = false) -> ValueRule {
        let parse: @Sendable (String) -> String?? = { text in
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                ["http", "https"].contains(scheme),
                url.host?.isEmpty == false, url.query == nil, url.fragment == nil,
                // A page's address (`…/index.html`) made every link `…/index.html/trip/`.
                text.hasSuffix("/") || !["html", "htm"].contains(url.pathExtension.lowercased())
                    || (orHomePage && url.lastPathComponent == "index.html"),
                // Every page, the sitemap and the feed publish it: a password in it would be
                // everybody's (`https://deploy:secret@staging.example.org/`).
                !published || (url.user == nil && url.password == nil),
                url.port.map({ (1...65535).contains($0) }) ?? true,
                // `…/a/../b/` was published as written, in every canonical link (`%2e%2e`
                // is `..` to a browser too).
                !text.split(separator: "/").dropFirst(2).contains(where: {
                    let segment = ($0.removingPercentEncoding ?? String($0))
                    return segment == "." || segment == ".."
                })
            else { return nil }
            return asciiHost(text).map { .some($0) }
        }
        return ValueRule(
            expectation:
                "the site's folder as an absolute http:// or https:// URL, such as 'https://example.org/photos/' "
                + (orHomePage
                    ? "or its home page 'https://example.org/photos/index.html' (no other page" : "(not a page")
                + " in it, no '..' in it"
                + (published ? ", no user name or password, which every page would publish)" : ")"),
            fromText: parse,
            fromDocument: { node in
                switch node.value {
                case .text(let text): return parse(text)
                case .null: return .some(nil)
                default: return nil
                }
            },
            show: { $0 })
    }

    /// `url` (absolute, with a host) with its host in ASCII, as DNS, browsers' address bars
    /// and link checkers name it: `https://bücher.example/` (or `b%C3%BCcher`) is
    /// `https://xn--bcher-kva.example/` (IDNA, by Foundation), where every link had been
    /// written `https://b%C3%BCcher.example/…`, an address no browser opens. Nil for a host
    /// that has no ASCII form.
    private static func asciiHost(_ url: String) -> String? {
        guard let start = url.range(of: "://")?.upperBound else { return nil }
        let authorityEnd = url[start...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
        let authority = url[start..<authorityEnd]
        let hostStart = authority.lastIndex(of: "@").map { authority.index(after: $0) } ?? authority.startIndex
        let hostEnd =
            authority[hostStart...].hasPrefix("[")
            ? authority.endIndex
            : authority[hostStart...].lastIndex(of: ":") ?? authority.endIndex
        let written = authority[hostStart..<hostEnd]
        guard !written.allSatisfy({ $0.isASCII && $0 != "%" }) else { return url }
        guard let decoded = written.removingPercentEncoding,
            let ascii = URL(string: "http://\(decoded)/")?.host, ascii.allSatisfy(\.isASCII), !ascii.isEmpty
        else { return nil }
        return String(url[..<hostStart]) + ascii + String(url[hostEnd...])
    }

    /// Text, or nothing (`null` in a document) for "not set"; so is a blank text (`title:
    /// ""` gave pages an empty `<title>` and "Trip · ").
    static func optionalText(_ expectation: String = "text") -> ValueRule {
        let unlessBlank: @Sendable (String) -> String?? = {
            $0.trimmingCharacters(in: .whitespaces).isEmpty ? .some(nil) : .some($0)
        }
        return ValueRule(
            expectation: expectation,
            fromText: unlessBlank,
            fromDocument: { node in
                switch node.value {
                case .null: return .some(nil)
                default: return node.text.map(unlessBlank) ?? nil
                }
            },
            show: { $0 })
    }
}

extension ValueRule where Value == Bool {
    /// `true` or `false` (as flag text too).
    static var flag: ValueRule {
        ValueRule(
            expectation: "true or false",
            fromText: { ["true": true, "false": false][$0.lowercased()] },
            fromDocument: { node in
                guard case .bool(let flag) = node.value else { return nil }
                return flag
            },
            show: { String($0) })
    }
}

extension ValueRule where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of the cases, by name (`name` or `date`).
    static var choice: ValueRule {
        let names = Value.allCases.map { "'\($0.rawValue)'" }
        return ValueRule(
            expectation: "one of " + names.joined(separator: ", "),
            fromText: { Value(rawValue: $0) },
            fromDocument: { node in
                guard case .text(let text) = node.value else { return nil }
                return Value(rawValue: text)
            },
            show: { $0.rawValue })
    }
}

extension ValueRule where Value == [String] {
    /// A list of texts (`expectation` names one, e.g. `file patterns`); comma-separated as
    /// flag text. A single text in a document counts as a list of one.
    static func textList(_ expectation: String) -> ValueRule {
        ValueRule(
            expectation: "a list of \(expectation)",
            textExpectation: "\(expectation), separated by commas",
            fromText: { text in text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } },
            fromDocument: { node in
                switch node.value {
                case .text, .number, .bool: return node.text.map { [$0] }
                case .list(let items):
                    let texts = items.map(\.text)
                    return texts.contains(nil) ? nil : texts.map { $0! }
                default: return nil
                }
            },
            accepts: { $0.allSatisfy { !$0.isEmpty } },
            show: { $0.isEmpty ? nil : $0.joined(separator: ",") })
    }
}
