/// A rebuild that failed, with the message to show in the terminal and in open pages.
package struct RebuildFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong and what to do, as the CLI would print it (several lines allowed).
    package let message: String

    package init(message: String) {
        self.message = message
    }

    package var description: String { message }
}
