import Foundation

/// A server started by a test, and the port it printed.
package enum ServedFolder {
    package struct NoPort: Error {
        package var printed: String
    }

    /// The port `process` printed on `output` right after `marker` (within 60 s, while it
    /// runs); throws what it printed when none came.
    package static func port(printedBy output: Pipe, marker: String, process: Process) throws -> Int {
        var printed = ""
        let deadline = Date(timeIntervalSinceNow: 60)
        while Date() < deadline, process.isRunning {
            printed += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            if let range = printed.range(of: marker),
                let port = Int(printed[range.upperBound...].prefix { $0.isNumber })
            {
                return port
            }
        }
        throw NoPort(printed: printed)
    }
}
