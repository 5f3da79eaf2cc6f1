import Foundation
import XCTest

/// Texts a user reads, compared with a copy kept in `Tests/TesseraCLITests/Golden/`. After an
/// intended change, run the tests once with `TESSERA_UPDATE_GOLDEN=1` (which rewrites the
/// copies) and read the diff before committing it.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    /// Fails, naming the golden file and the first line that differs, unless `text` equals it.
    static func check(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["TESSERA_UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: url)
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return XCTFail("no golden \(name); run the tests once with TESSERA_UPDATE_GOLDEN=1", file: file, line: line)
        }
        guard text != expected else { return }
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first =
            zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        let was = first < old.count ? String(old[first]) : "(end of file)"
        let now = first < new.count ? String(new[first]) : "(end of file)"
        XCTFail(
            "\(name) differs from its golden copy at line \(first + 1):\n  golden: \(was)\n  now:    \(now)",
            file: file, line: line)
    }
}
