import Foundation

/// Runs a program the test fixtures make their files with (heif-enc, exiftool, ffmpeg,
/// the RAW venv's Python), for what it prints.
package enum ProgramOutput {
    /// `executable ARGUMENTS`'s standard output; throws the standard error's text when it
    /// exits with a status other than 0.
    package static func run(_ executable: URL, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(message: String(decoding: problem, as: UTF8.self)) }
        return String(decoding: text, as: UTF8.self)
    }

    /// A run that failed, with what it printed on standard error.
    package struct Failure: Error {
        package var message: String
    }
}
