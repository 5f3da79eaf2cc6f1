/// How far the build has come, reported while photos are processed.
public struct BuildProgress: Sendable {
    /// The stage being worked on.
    public enum Stage: String, Sendable {
        case reading = "Reading"
        case rendering = "Rendering"
        case pages = "Writing pages"
    }

    public var stage: Stage
    public var done: Int
    public var total: Int
}
