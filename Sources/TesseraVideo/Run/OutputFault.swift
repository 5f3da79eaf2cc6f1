import Foundation
import TesseraCore

/// Whether an ffmpeg run failed because the machine would not let it write its output (a
/// full disk, a file-size limit, a missing or read-only folder), not because of the clip.
///
/// ffmpeg says so in its own words: a line naming the output file (`Error closing file
/// file:PATH: No space left on device`, `Could not open file : file:PATH`), or a line of
/// its muxer's writing (`av_interleaved_write_frame(): …`, `Error writing trailer of …`)
/// ending in one of `reasons`. The words are the C library's own (`strerror`), which
/// ffmpeg prints too, so there is no second list of them to keep.
enum OutputFault {
    /// The system errors that say the machine, not the clip, stopped a write.
    static let reasons: [String] = [ENOSPC, EFBIG, EDQUOT, EROFS, EACCES, EPERM, EIO, ENOENT, ENOTDIR, EMFILE, ENFILE]
        .map { String(cString: strerror($0)) }

    /// How ffmpeg's lines about writing its output begin, after the `[muxer @ 0x…]` prefix.
    static let writingLines = ["av_interleaved_write_frame()", "Error writing trailer", "Error closing file"]

    /// Why `output` could not be written, or nil when the run's failure is not about its
    /// output (the clip's).
    ///
    /// - Parameters:
    ///   - errors: ffmpeg's standard error.
    ///   - folderProblem: why the output's folder cannot be written, as the caller found
    ///     it (`reason(writing:)`); preferred to ffmpeg's words, which for a missing folder
    ///     are `Input/output error`.
    static func reason(in errors: String, output: URL, folderProblem: String?) -> String? {
        let path = output.standardizedFileURL.path
        var namesOutput = false
        var said: String?
        for line in errors.split(whereSeparator: \.isNewline) {
            var text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
                text = text[text.index(after: close)...].trimmingCharacters(in: .whitespaces)
            }
            let reason = reasons.first { text.hasSuffix(": " + $0) }
            if text.contains(path) {
                namesOutput = true
            } else if reason == nil || !writingLines.contains(where: text.hasPrefix) {
                continue
            }
            said = said ?? reason
        }
        guard namesOutput || said != nil else { return nil }
        return folderProblem ?? said ?? "ffmpeg could not write it"
    }

    /// Why nothing can be written in the folder that holds `output` (the system's words),
    /// or nil when it can be.
    static func reason(writing output: URL) -> String? {
        access(output.deletingLastPathComponent().path, W_OK) == 0 ? nil : String(cString: strerror(errno))
    }

    /// The problem a finished ffmpeg run that was to write `output` ends in: `cannotWrite`
    /// when its output could not be written, nil when nothing says so.
    static func problem(of result: ToolRun.Result, output: URL) -> VideoProblem? {
        reason(in: result.errors, output: output, folderProblem: reason(writing: output)).map {
            .cannotWrite(path: output.path, reason: $0)
        }
    }
}
