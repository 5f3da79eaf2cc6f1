import Foundation

/// A fresh temporary folder for one test's fixtures, removed when the test ends.
final class FixtureFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("tessera-imaging-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` under `name` and returns the file's URL.
    func write(_ bytes: [UInt8], as name: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file
    }
}

/// The shared test corpus beside the repository (`../shared/corpus`), if present.
enum Corpus {
    static func file(_ relativePath: String, filePath: String = #filePath) -> URL? {
        var folder = URL(fileURLWithPath: filePath)
        // Walk up from this file to the folder that holds `shared/corpus`.
        for _ in 0..<8 {
            folder.deleteLastPathComponent()
            let candidate = folder.appendingPathComponent("shared/corpus/\(relativePath)")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
