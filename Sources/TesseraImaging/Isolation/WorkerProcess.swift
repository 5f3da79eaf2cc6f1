import Foundation
import Synchronization

/// One running imaging worker (`tessera _imaging`) and the socket the build talks to it
/// through: the worker's standard input and output are both its end of one Unix socket
/// pair, so the build sends with `MSG_NOSIGNAL` (a worker that died is an error to read,
/// never a `SIGPIPE` that would end the build) and sees the worker's death as the end of
/// its answer.
///
/// Started with `posix_spawn`, not Foundation's `Process`, so that the build alone reaps it
/// (`waitpid`) and learns how it ended.
struct WorkerProcess: Sendable {
    /// How one exchange ended.
    enum Outcome {
        /// A whole answer: its JSON and the bytes after it.
        case answered(json: [UInt8], payload: [UInt8])
        /// The worker ended (or spoke out of turn) before its answer was whole: it is gone,
        /// and `ending` says how.
        case ended(String)
        /// Still at it after the time allowed: it was killed and reaped.
        case overdue
    }

    let pid: pid_t
    /// The build's end of the socket pair.
    let socket: Int32

    /// The largest answer accepted: a 100 MP photo's renditions are far smaller.
    static let answerLimit = 1 << 31

    /// Starts `executable` with `arguments`. Its standard error is the build's, as the
    /// libraries' would be in process (`ImagePipeline` silences the chatty ones): a
    /// sanitizer's report from a worker reaches the person or the test that reads it.
    ///
    /// - Throws: the `errno` text when the socket or the process cannot be made.
    static func start(_ executable: URL, arguments: [String]) throws(WorkerStartFailure) -> WorkerProcess {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw WorkerStartFailure(reason: String(cString: strerror(errno)))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        // Every other descriptor is closed in the worker: Foundation makes the pipes of the
        // ffprobe and ffmpeg processes it starts without close-on-exec, and a worker started
        // meanwhile that kept a copy of one would hold it open, so that ffprobe's output
        // never ended and the build waited for ever.
        if let closeFrom = Self.addCloseFrom { _ = closeFrom(&actions, 3) }
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        close(ends[1])
        guard status == 0 else {
            close(ends[0])
            throw WorkerStartFailure(reason: String(cString: strerror(status)))
        }
        return WorkerProcess(pid: pid, socket: ends[0])
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's
    /// Glibc module does not declare; nil where the C library lacks it.
    private static let addCloseFrom: CloseFrom? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    /// Sends `request` (one frame) and reads the answer: a JSON frame, then a payload
    /// frame. A worker still at it after `timeout` seconds is killed.
    func exchange(_ request: [UInt8], timeout: TimeInterval) -> Outcome {
        let deadline = Deadline()
        let pid = pid
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if deadline.settle() { kill(pid, SIGKILL) }
        }
        let answer: (json: [UInt8], payload: [UInt8])?
        if Frame.send(Frame.encode(request), to: socket) {
            if let json = Frame.receive(from: socket, limit: Self.answerLimit),
                let payload = Frame.receive(from: socket, limit: Self.answerLimit)
            {
                answer = (json, payload)
            } else {
                answer = nil
            }
        } else {
            answer = nil
        }
        guard deadline.settle() else {
            stop(killing: true)
            return .overdue
        }
        guard let answer else { return .ended(stop()) }
        return .answered(json: answer.json, payload: answer.payload)
    }

    /// Ends the worker (it leaves when its input closes; a worker that does not read is
    /// killed) and reaps it, returning how it ended: "signal 11", "exit status 1".
    @discardableResult
    func stop(killing: Bool = false) -> String {
        close(socket)
        if killing { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return "it could not be waited for" }
        }
        let signal = status & 0x7f
        return signal == 0 ? "exit status \((status >> 8) & 0xff)" : "signal \(signal)"
    }

    /// Whether the answer or the timeout came first: whichever settles it first wins.
    private final class Deadline: Sendable {
        private let settled = Mutex(false)

        /// True for the first caller only.
        func settle() -> Bool {
            settled.withLock { done in
                if done { return false }
                done = true
                return true
            }
        }
    }
}

/// A worker process that could not be started, and the system's reason.
struct WorkerStartFailure: Error {
    var reason: String
}
