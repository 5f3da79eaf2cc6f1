import Foundation
import XCTest

/// Debian's `exiftool` (libimage-exiftool-perl), which writes XMP and IPTC the way photo
/// software does; `make test` installs it. Tests that need it skip when it is missing.
package enum ExifTool {
    package static func path() throws -> String {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = "\(folder)/exiftool"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw XCTSkip("exiftool is not installed (Debian: libimage-exiftool-perl; `make test` installs it)")
    }

    /// Runs `exiftool ARGUMENTS FILE`, rewriting the file in place; fails on a non-zero exit.
    package static func write(_ arguments: [String], to file: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path())
        process.arguments = ["-q", "-q", "-overwrite_original"] + arguments + [file.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw XCTSkip("exiftool failed: \(String(decoding: message, as: UTF8.self))")
        }
    }
}
