import Foundation
import Synchronization

/// How many of `serve`'s builds are running (the first, the rest of a JPEG-first one, a
/// rebuild), so that Ctrl-C or SIGTERM during one stops the process at once, as it stops
/// `tessera build`: a build is safe to kill at any moment, and the next one finishes it.
/// Caught and held until the build ended, a stop took up to a rebuild's length (a video's
/// minutes) with no word.
final class BuildsUnderWay: Sendable {
    private let count = Atomic(0)

    /// `body`'s result, counted as a build under way while it runs.
    func running<Result>(_ body: () -> Result) -> Result {
        count.add(1, ordering: .sequentiallyConsistent)
        defer { count.subtract(1, ordering: .sequentiallyConsistent) }
        return body()
    }

    var isBuilding: Bool { count.load(ordering: .sequentiallyConsistent) > 0 }
}
