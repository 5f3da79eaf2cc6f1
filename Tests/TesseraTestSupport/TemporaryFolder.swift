import Foundation

/// A fresh folder under the system's temporary directory, removed when the test ends.
package final class TemporaryFolder {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("tessera-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `bytes` at a path relative to the folder, creating folders on the way.
    @discardableResult
    package func write(_ path: String, _ bytes: [UInt8]) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file
    }

    /// Makes a folder at a relative path.
    @discardableResult
    package func folder(_ path: String) throws -> URL {
        let folder = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// The first bytes of each format, enough for sniffing (not decodable images).
package enum MagicBytes {
    package static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 28)
    package static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 24)
    package static let gif: [UInt8] = Array("GIF89a".utf8) + Array(repeating: 0, count: 26)
    package static let webp: [UInt8] =
        Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8) + Array(repeating: 0, count: 16)
    package static func isobmff(_ brand: String) -> [UInt8] {
        [0, 0, 0, 0x18] + Array("ftyp".utf8) + Array(brand.utf8) + Array(repeating: 0, count: 20)
    }
}
