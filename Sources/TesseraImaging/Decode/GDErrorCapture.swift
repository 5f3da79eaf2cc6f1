import CGD
import Foundation

/// Collects what libgd reports while one decode or encode runs on the current thread.
///
/// `gdSetErrorMethod` is process-global and renders run in parallel, so the callback
/// files each message under the calling thread (thread-local storage); nothing reaches
/// stderr. Messages from threads that are not collecting are dropped.
final class GDErrorCapture {
    /// One message from libgd (or a library it wraps), and whether it was an error
    /// rather than a warning or notice.
    struct Message {
        var isError: Bool
        var text: String
    }

    private(set) var messages: [Message] = []

    private init() {}

    /// Runs `body` while collecting libgd's messages on this thread; returns both.
    static func collecting<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (T, [Message]) {
        _ = installation
        let capture = GDErrorCapture()
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(capture).toOpaque())
        defer {
            pthread_setspecific(key, previous)
            withExtendedLifetime(capture) {}
        }
        let value = try body()
        return (value, capture.messages)
    }

    /// Makes sure libgd never prints, even outside `collecting`.
    static func silenceLibGD() { _ = installation }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static let installation: Void = {
        _ = key
        gdSetErrorMethod(GDErrorCapture_report)
    }()

    fileprivate static func record(_ message: String, isError: Bool) {
        guard let raw = pthread_getspecific(key) else { return }
        let capture = Unmanaged<GDErrorCapture>.fromOpaque(raw).takeUnretainedValue()
        capture.messages.append(
            Message(isError: isError, text: message.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
}

private func GDErrorCapture_report(
    _ priority: Int32, _ format: UnsafePointer<CChar>?, _ arguments: CVaListPointer?
) {
    guard let format, let arguments else { return }
    var buffer = [CChar](repeating: 0, count: 512)
    _ = buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, arguments) }
    buffer[buffer.count - 1] = 0
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    GDErrorCapture.record(text, isError: priority <= LOG_ERR)
}
