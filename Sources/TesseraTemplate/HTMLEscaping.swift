/// HTML text handling shared by the template engine and the page renderer.
package enum HTML {
    /// `text` made safe for HTML and XML element content and quoted attribute values:
    /// `&`, `<`, `>`, `"` and `'` become character references, and control characters
    /// other than tab and line end, and noncharacters, are dropped (`isForbidden`).
    ///
    /// Dropped rather than replaced: XML 1.0 cannot carry most C0 controls at all, not
    /// even as `&#7;`, so a feed holding one is not well-formed and readers refuse it
    /// whole; HTML reads each as a parse error. None has a glyph, so `Bell\u{7}Album` reads
    /// as the user sees it in a file manager, `BellAlbum`, where U+FFFD would put a `�` on
    /// the page. Only the published text changes; the file is still found by its name.
    package static func escape(_ text: String) -> String {
        guard mayNeedEscaping(text) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case _ where isForbidden(scalar): continue
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Whether `scalar` is a control character other than tab and line end (C0, DEL, C1)
    /// or a noncharacter (U+FFFE, U+FFFF, U+FDD0…): what no page, feed or sitemap should
    /// carry. Lone surrogates cannot occur: a Swift string holds none.
    package static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        default: return scalar.properties.isNoncharacterCodePoint
        }
    }

    /// Whether `escape` may change `text`: it holds a markup character, a C0 control or
    /// DEL, a C1 control (`C2 80`…`C2 9F`), or a lead byte of U+F000…U+FFFF (`EF`) or of a
    /// supplementary-plane scalar, where the noncharacters are. The fast test that lets
    /// most texts through untouched, `·` and accented letters included.
    private static func mayNeedEscaping(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                return true
            case 0x09, 0x0A, 0x0D: break
            case 0x00...0x1F, 0x7F, 0xEF, 0xF0...: return true
            case 0x80...0x9F where previous == 0xC2: return true
            default: break
            }
            previous = byte
        }
        return false
    }
}
