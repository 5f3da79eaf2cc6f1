import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The queue URLSession hands `ServedDownloads` each piece of a body on, holding at most
/// `limit` pieces not yet written: URLSession on Linux queues every piece libcurl receives
/// without waiting for the delegate (and cannot pause a transfer), so a file of a gigabyte
/// sent over loopback faster than a loaded machine wrote it to disk piled up in memory
/// until, under a 400 MB data limit, `verify` died of SIGILL. Full, the queue makes
/// URLSession's own queue wait, which stops libcurl reading the socket, and the server
/// waits in turn.
final class DeliveryQueue: OperationQueue, @unchecked Sendable {
    private let permits: DispatchSemaphore

    /// - Parameter limit: the most pieces waiting at once (each as large as libcurl's
    ///   receive buffer: 1,024 of them still took `verify --url` past 150 MB).
    init(limit: Int) {
        permits = DispatchSemaphore(value: limit)
        super.init()
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ operation: Operation) {
        // Added from the queue's own work (a delegate call completing a redirect), waiting
        // would wait for itself.
        guard OperationQueue.current !== self else { return super.addOperation(operation) }
        permits.wait()
        let then = operation.completionBlock
        operation.completionBlock = { [permits] in
            then?()
            permits.signal()
        }
        super.addOperation(operation)
    }
}
