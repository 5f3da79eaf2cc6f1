import Foundation

/// The process holding an output folder's lock, as far as the system tells: its id from
/// `/proc/locks`, and its command line from `/proc/PID/cmdline`.
struct LockHolder: Sendable, Equatable, CustomStringConvertible {
    var processID: Int32?
    var command: String?

    init(processID: Int32?, command: String?) {
        self.processID = processID
        self.command = command
    }

    /// `process 4242: tessera serve photos`, or as much of it as is known.
    var description: String {
        guard let processID else { return "another process" }
        return "process \(processID)" + (command.map { ": \($0)" } ?? "")
    }

    /// Who holds the `flock` lock on the file open as `fd` (found by its device and inode
    /// in `/proc/locks`).
    static func holding(_ fd: Int32) -> LockHolder {
        var info = stat()
        guard fstat(fd, &info) == 0,
            let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8)
        else { return LockHolder(processID: nil, command: nil) }
        let device = UInt64(info.st_dev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
        let minor = (device & 0xff) | ((device >> 12) & ~0xff)
        let file = String(format: "%02x:%02x:%llu", major, minor, UInt64(info.st_ino))
        // `1: FLOCK  ADVISORY  WRITE 4242 fe:00:16236881 0 EOF`; waiters' lines hold "->".
        for line in table.split(separator: "\n") where !line.contains("->") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK", fields[5] == file, let pid = Int32(fields[4]), pid > 0
            else { continue }
            return LockHolder(processID: pid, command: commandLine(of: pid))
        }
        return LockHolder(processID: nil, command: nil)
    }

    /// The process's command line, arguments joined by spaces, control characters shown
    /// as `?`, at most 200 characters; nil when it is not readable.
    static func commandLine(of pid: Int32) -> String? {
        guard let bytes = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !bytes.isEmpty else {
            return nil
        }
        let words = bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        var text = String(
            String.UnicodeScalarView(
                words.joined(separator: " ").unicodeScalars.map {
                    $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "?" : $0
                }))
        if text.count > 200 { text = String(text.prefix(200)) + "…" }
        return text
    }
}
