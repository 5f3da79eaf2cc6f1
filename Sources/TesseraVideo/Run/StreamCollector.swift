import Foundation
import Synchronization
import TesseraCore

/// What a process prints, read on two threads: standard output kept or split into lines,
/// the last 16 KiB of standard error kept.
///
/// Readers wait with `poll` and stop once `finish()` says the process is gone and nothing
/// more is waiting, so a descriptor another child inherited cannot keep them forever.
final class StreamCollector: Sendable {
    enum Stream { case output, errors }

    private struct State {
        var output: [UInt8] = []
        var errors: [UInt8] = []
        var pendingLine: [UInt8] = []
        var overflowed = false
        var finished = false
    }

    static let errorTail = 16 << 10

    private let state = Mutex(State())
    private let keepsOutput: Bool
    private let outputLimit: Int
    private let onLine: (@Sendable (Substring) -> Void)?

    init(keepsOutput: Bool, outputLimit: Int, onLine: (@Sendable (Substring) -> Void)?) {
        self.keepsOutput = keepsOutput
        self.outputLimit = outputLimit
        self.onLine = onLine
    }

    var overflowed: Bool { state.withLock { $0.overflowed } }
    var output: [UInt8] { state.withLock { $0.output } }
    var errorText: String { String(decoding: state.withLock { $0.errors }, as: UTF8.self) }

    /// The process has exited: readers stop when their pipe is empty.
    func finish() { state.withLock { $0.finished = true } }

    /// Reads `descriptor` until its end, or until `finish()` and nothing is left.
    func drain(_ descriptor: Int32, into stream: Stream) {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            ready.revents = 0
            let polled = poll(&ready, 1, 100)
            if polled < 0 {
                if errno == EINTR { continue }
                break
            }
            if polled == 0 {
                if state.withLock({ $0.finished }) { break }
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                break
            }
            if count == 0 { break }
            take(buffer[0..<count], from: stream)
        }
        if stream == .output { flushLine() }
    }

    private func take(_ bytes: ArraySlice<UInt8>, from stream: Stream) {
        var lines: [[UInt8]] = []
        state.withLock { state in
            switch stream {
            case .errors:
                state.errors += bytes
                if state.errors.count > Self.errorTail { state.errors.removeFirst(state.errors.count - Self.errorTail) }
            case .output:
                if keepsOutput {
                    if state.output.count + bytes.count > outputLimit {
                        state.overflowed = true
                    } else {
                        state.output += bytes
                    }
                }
                guard onLine != nil else { return }
                for byte in bytes {
                    if byte == 0x0A {
                        lines.append(state.pendingLine)
                        state.pendingLine.removeAll(keepingCapacity: true)
                    } else if state.pendingLine.count < 4096 {
                        state.pendingLine.append(byte)
                    }
                }
            }
        }
        for line in lines { onLine?(Substring(String(decoding: line, as: UTF8.self))) }
    }

    private func flushLine() {
        let last = state.withLock { state -> [UInt8] in
            defer { state.pendingLine.removeAll() }
            return state.pendingLine
        }
        if !last.isEmpty { onLine?(Substring(String(decoding: last, as: UTF8.self))) }
    }
}
