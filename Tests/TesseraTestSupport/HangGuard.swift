import Foundation
import Synchronization

/// Runs work that hostile input could make endless (quadratic passes, runaway recursion)
/// on a thread of its own, and waits for it up to a generous wall.
///
/// A guard against a hang a user would see, not a timing measurement: the wall is hundreds
/// of times what the work takes when it is linear, so a slow or busy machine never trips
/// it, while the quadratic code it guards against takes minutes. When the wall is reached
/// the thread is left to finish on its own and the caller fails the test.
package enum HangGuard {
    /// The result of `work`, or nil when it has not finished after `seconds`.
    package static func run<Value: Sendable>(
        seconds: Double = 60, _ work: @escaping @Sendable () -> Value
    ) -> Value? {
        let result = Mutex<Value?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let value = work()
            result.withLock { $0 = value }
            done.signal()
        }
        // As deep as the main thread's, so a recursion the code should not have fails as it
        // would in the binary, not earlier.
        thread.stackSize = 8 << 20
        thread.start()
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return result.withLock { $0 }
    }
}
