import Foundation

/// Debian's `exiftool` (libimage-exiftool-perl), which writes XMP and IPTC the way photo
/// software does; `make test` installs it. Tests that need it skip when it is missing:
/// `guard ExifTool.isAvailable else { throw XCTSkip(ExifTool.missing) }`.
package enum ExifTool {
    /// Why a test that needs exiftool is skipped.
    package static let missing = "exiftool is not installed (Debian: libimage-exiftool-perl; `make test` installs it)"

    /// A run of exiftool that failed, with what it printed.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The executable on the PATH, if any.
    package static var path: String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .map { "\($0)/exiftool" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether exiftool can be run here.
    package static var isAvailable: Bool { path != nil }

    /// Runs `exiftool ARGUMENTS FILE`, rewriting the file in place.
    package static func write(_ arguments: [String], to file: URL) throws {
        guard let path else { throw Failure(description: missing) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-q", "-q", "-overwrite_original"] + arguments + [file.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "exiftool failed: \(String(decoding: message, as: UTF8.self))")
        }
    }
}
