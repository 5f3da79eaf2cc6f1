import Foundation

/// One input libFuzzer hands a target, as the bytes and text the parsers take.
package struct FuzzInput {
    package let bytes: [UInt8]

    /// Copies libFuzzer's buffer, which is only valid during the call.
    package init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    /// The bytes as Tessera reads a text file: invalid UTF-8 becomes U+FFFD (as for
    /// `index.md` and sidecars, which are read with a warning rather than refused).
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Stops the process with a message libFuzzer records as a crash: for properties the
    /// parser promises (a path that climbs out of the root, markup in safe HTML).
    package static func violated(_ property: String, _ detail: String) -> Never {
        fatalError("fuzz property violated: \(property): \(detail)")
    }
}

/// A file for the parsers that read from a path (the image readers, the manifest loader),
/// rewritten for every input, in a folder this process made with `mkdtemp` under
/// `/dev/shm` (memory, not disk) and removes at exit. `scripts/fuzz` passes its own folder
/// in `TESSERA_FUZZ_SCRATCH` instead, and removes it after a crash too.
package struct ScratchFile: Sendable {
    package let url: URL
    package var folder: URL { url.deletingLastPathComponent() }

    package init(name: String) {
        url = URL(fileURLWithPath: scratchFolder).appendingPathComponent(name)
    }

    /// Replaces the file's content with `bytes`.
    package func write(_ bytes: [UInt8]) {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { fatalError("cannot write \(url.path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            guard written > 0 else { fatalError("cannot write \(url.path): \(String(cString: strerror(errno)))") }
            offset += written
        }
    }
}

/// The folder `ScratchFile`s live in.
private let scratchFolder: String = {
    if let given = ProcessInfo.processInfo.environment["TESSERA_FUZZ_SCRATCH"], !given.isEmpty { return given }
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : "/tmp"
    var template = Array("\(base)/tessera-fuzz-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("cannot make a folder in \(base)") }
    let folder = String(cString: made)
    atexit { try? FileManager.default.removeItem(atPath: scratchFolder) }
    return folder
}()
