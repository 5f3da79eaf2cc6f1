import Foundation
import TesseraLayout

extension ThemeMetrics {
    /// The metrics a stylesheet draws with, as CSS custom properties in the published
    /// stylesheet's `:root` (`--tessera-page-padding: clamp(8px, 2vw, 24px)`), by name
    /// without the leading `--`, in the order they are written. `style.css` uses them as
    /// `var(--tessera-…)`, so each number is written once, in `metrics.yaml`.
    var customProperties: [(name: String, value: String)] {
        func px(_ value: Double) -> String { CSSNumber.format(value, decimals: 3) + "px" }
        let padding = pagePadding
        let clamp =
            "clamp(\(px(padding.minimum)), \(CSSNumber.format(padding.share * 100, decimals: 3))vw, "
            + "\(px(padding.maximum)))"
        return [
            ("tessera-page-padding", clamp),
            ("tessera-content-max-width", contentMaxWidth.map(px) ?? "none"),
            ("tessera-cards-narrow-width", px(cards.narrowWidth)),
            ("tessera-cards-narrow-cover", px(cards.narrowCover)),
            ("tessera-cards-narrow-row-gap", px(cards.narrowRowGap)),
            ("tessera-cards-narrow-column-gap", px(cards.narrowColumnGap)),
            ("tessera-cards-wide-cover", px(cards.wideCover)),
            ("tessera-cards-wide-gap", px(cards.wideGap)),
            ("tessera-cards-margin-top", px(cards.marginTop)),
            ("tessera-cards-margin-bottom", px(cards.marginBottom)),
            ("tessera-viewer-chrome", viewerChromeCSS),
        ]
    }

    /// The `:root` rule declaring `customProperties`, which the published stylesheet starts with.
    var customPropertiesRule: String {
        "/* The theme's page geometry, from its metrics.yaml. */\n:root {\n"
            + customProperties.map { "  --\($0.name): \($0.value);\n" }.joined() + "}\n"
    }

    /// `css` with every `var(--tessera-…)` inside an `@media` condition replaced by its value:
    /// a custom property cannot be used there, so `@media (max-width:
    /// var(--tessera-cards-narrow-width))` is published as `@media (max-width: 600px)`,
    /// however the `var()` is spaced and whether it gives a fallback. Comments and strings
    /// are passed over (an `@media` in a `content:` text is text), and a name these metrics
    /// do not have is left as written.
    func substitutingMediaConditions(in css: String) -> String {
        let values = Dictionary(customProperties.map { ($0.name, $0.value) }) { first, _ in first }
        let text = Array(css.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        /// The index after a comment or string starting at `at`, or nil when none starts there.
        func skipped(_ at: Int) -> Int? {
            if text[at] == "/", at + 1 < text.count, text[at + 1] == "*" {
                var end = at + 2
                while end + 1 < text.count, !(text[end] == "*" && text[end + 1] == "/") { end += 1 }
                return min(text.count, end + 2)
            }
            if text[at] == "\"" || text[at] == "'" {
                var end = at + 1
                while end < text.count, text[end] != text[at], text[end] != "\n" {
                    end += text[end] == "\\" ? 2 : 1
                }
                return min(text.count, end + 1)
            }
            return nil
        }
        /// Whether `word` (lowercase ASCII) is at `at` in any case, as CSS reads at-rules and
        /// functions (`@MEDIA`, `VAR(`).
        func matches(_ word: String, at: Int) -> Bool {
            let scalars = Array(word.unicodeScalars)
            guard at + scalars.count <= text.count else { return false }
            return zip(text[at..<at + scalars.count], scalars).allSatisfy { found, expected in
                found == expected || (found.isASCII && Character(found).lowercased() == String(expected))
            }
        }
        while index < text.count {
            if let end = skipped(index) {
                result.append(contentsOf: text[index..<end])
                index = end
                continue
            }
            guard matches("@media", at: index) else {
                result.append(text[index])
                index += 1
                continue
            }
            // The condition, up to its block or the end of the rule.
            while index < text.count, text[index] != "{", text[index] != ";" {
                if let end = skipped(index) {
                    result.append(contentsOf: text[index..<end])
                    index = end
                } else if matches("var(", at: index), let (name, end) = Self.reference(in: text, at: index),
                    let value = values[name]
                {
                    result.append(contentsOf: value.unicodeScalars)
                    index = end
                } else {
                    result.append(text[index])
                    index += 1
                }
            }
        }
        return String(result)
    }

    /// The custom property a `var(` at `at` names (without its `--`) and the index after its
    /// closing `)`, a fallback and spaces allowed (`var( --a , 600px )`); nil when it is not
    /// one.
    private static func reference(in text: [Unicode.Scalar], at: Int) -> (String, Int)? {
        var index = at + 4
        func skipSpaces() { while index < text.count, text[index].properties.isWhitespace { index += 1 } }
        skipSpaces()
        guard index + 1 < text.count, text[index] == "-", text[index + 1] == "-" else { return nil }
        index += 2
        var name = ""
        while index < text.count,
            text[index].properties.isAlphabetic || text[index].properties.numericType != nil || text[index] == "-"
                || text[index] == "_"
        {
            name.unicodeScalars.append(text[index])
            index += 1
        }
        skipSpaces()
        guard index < text.count else { return nil }
        if text[index] == "," {
            var depth = 0
            while index < text.count, !(depth == 0 && text[index] == ")") {
                if text[index] == "(" { depth += 1 } else if text[index] == ")" { depth -= 1 }
                index += 1
            }
        }
        guard index < text.count, text[index] == ")", !name.isEmpty else { return nil }
        return (name, index + 1)
    }
}
