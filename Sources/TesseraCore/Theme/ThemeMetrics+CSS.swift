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
    /// var(--tessera-cards-narrow-width))` is published as `@media (max-width: 600px)`. A name
    /// these metrics do not have is left as written.
    func substitutingMediaConditions(in css: String) -> String {
        let values = Dictionary(customProperties.map { ("var(--\($0.name))", $0.value) }) { first, _ in first }
        var result = ""
        var rest = Substring(css)
        while let media = rest.range(of: "@media") {
            result += rest[..<media.lowerBound]
            let end = rest[media.upperBound...].firstIndex(where: { $0 == "{" || $0 == ";" }) ?? rest.endIndex
            var condition = String(rest[media.lowerBound..<end])
            for (reference, value) in values where condition.contains(reference) {
                condition = condition.replacingOccurrences(of: reference, with: value)
            }
            result += condition
            rest = rest[end...]
        }
        return result + rest
    }
}
