import Foundation

/// Turns the bytes of an embedded title or caption into text fit to show: cut at the first
/// NUL, decoded (invalid UTF-8 replaced, never refused), trimmed, and nil when nothing is
/// left, because photo software often writes empty or space-only fields.
enum EmbeddedText {
    /// How the bytes are encoded: IPTC-IIM says UTF-8 only through its character set
    /// dataset, and older files are Latin-1.
    enum Encoding {
        case utf8, latin1
    }

    static func text(_ bytes: some Sequence<UInt8>, encoding: Encoding = .utf8) -> String? {
        let kept = bytes.prefix { $0 != 0 }
        let decoded: String
        switch encoding {
        case .utf8: decoded = String(decoding: kept, as: UTF8.self)
        // Latin-1 maps each byte to the code point of the same number.
        case .latin1: decoded = String(String.UnicodeScalarView(kept.map { Unicode.Scalar($0) }))
        }
        let trimmed = decoded.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
        return trimmed.isEmpty ? nil : trimmed
    }
}
