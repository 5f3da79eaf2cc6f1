import Foundation
import TesseraCore

/// The line of a tool's standard error worth showing a person.
enum ToolMessage {
    /// ffmpeg's last words when a demuxer gave up, which say less than the line before.
    static let generic: Set<String> = ["Invalid data found when processing input", "Invalid argument"]

    /// The last non-empty line, without ffmpeg's `[mov,mp4 @ 0x55…]` prefix or the file's
    /// path (the build names the file already); the line before it when the last one is
    /// generic; at most 200 characters.
    static func last(_ errors: String, naming file: URL) -> String {
        let lines = errors.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        if let refused = lines.first(where: { $0.contains("Format not on whitelist") }) {
            let demuxer = refused.hasPrefix("[") ? refused.dropFirst().prefix { $0 != " " && $0 != "]" } : "another"
            return printable(
                "its content is \(demuxer), not a video format Tessera publishes (MP4, MOV, MKV, WebM, AVI, MTS)")
        }
        let cleaned = lines.map { clean($0, file: file) }.filter { !$0.isEmpty }
        guard var message = cleaned.last else { return "" }
        if generic.contains(message), cleaned.count > 1 {
            message = cleaned[cleaned.count - 2]
        }
        return printable(message)
    }

    private static func clean(_ line: String, file: URL) -> String {
        var line = line
        if line.hasPrefix("["), let close = line.firstIndex(of: "]") {
            line = line[line.index(after: close)...].trimmingCharacters(in: .whitespaces)
        }
        let path = file.standardizedFileURL.path
        for prefix in ["file:" + path + ": ", path + ": "] where line.hasPrefix(prefix) {
            line = String(line.dropFirst(prefix.count))
        }
        return line.replacingOccurrences(of: "file:" + path, with: file.lastPathComponent)
            .replacingOccurrences(of: path, with: file.lastPathComponent)
    }

    private static func printable(_ text: String) -> String {
        let kept = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        return kept.count > 200 ? String(kept.prefix(200)) + "…" : kept
    }
}
