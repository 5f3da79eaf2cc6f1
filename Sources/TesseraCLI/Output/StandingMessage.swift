import TesseraCore

/// A warning or note about the site as it stands (its settings, theme, photos and metadata):
/// every build of the same input says it again, unlike an error or a wait for another build.
struct StandingMessage: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case warning
        case note
    }

    var kind: Kind
    var text: String
    /// Where the mistake is (`file:line` or `file:line:column`), for a warning that has one.
    var position: String?

    static func warning(_ text: String, at position: String? = nil) -> StandingMessage {
        StandingMessage(kind: .warning, text: text, position: position)
    }

    static func note(_ text: String) -> StandingMessage {
        StandingMessage(kind: .note, text: text)
    }
}

extension StandingMessage {
    /// A line the build or its theme has for the user.
    init(_ message: BuildReport.Message) {
        switch message {
        case .warning(let text, let position): self = .warning(text, at: position)
        case .note(let text): self = .note(text)
        }
    }
}
