/// How far the build has come, reported while photos are processed.
package struct BuildProgress: Sendable {
    /// The stage being worked on.
    package enum Stage: String, Sendable {
        case reading = "Reading"
        case rendering = "Rendering"
        case pages = "Writing pages"
    }

    package var stage: Stage
    package var done: Int
    package var total: Int
}
