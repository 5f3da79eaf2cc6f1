import Foundation

/// The record, beside the manifest, of every file a build finished since it last wrote the
/// manifest, so that a build killed at any moment keeps its finished work: the next build
/// reads the manifest, then the journal, and redoes only the rest.
///
/// It is append-only, one line per finished file, each written whole after the file is in
/// place. The manifest stays the only word on which files are ours: a build writes every
/// path it is about to make into the manifest before writing it (`SiteWriter.carry`), and a
/// journal line only says that a file the manifest already owns now holds a given product.
/// So a journal that is lost, torn or damaged costs work, never a file, and one that is not
/// ours cannot make a build touch anything the manifest does not list.
///
/// The first line names the digest of the manifest bytes it extends; rewriting the manifest
/// starts a new journal, so an old journal beside a newer manifest is never read.
///
/// Nothing is synced: a killed process loses nothing the kernel was given. After a power
/// cut a line may outlive its file's data; each line carries the file's size, and a file of
/// another size is made again.
enum Journal {
    /// The journal's file name inside the output folder.
    static let fileName = ".tessera-journal"
    static let format = "tessera-journal 1"

    /// One finished file: the product at `path`, made from `fingerprint`, `byteCount` bytes long.
    struct Entry: Sendable, Hashable {
        var path: String
        var fingerprint: String
        var byteCount: Int

        init(path: String, fingerprint: String, byteCount: Int) {
            self.path = path
            self.fingerprint = fingerprint
            self.byteCount = byteCount
        }
    }

    /// The first line of a journal that extends the manifest whose bytes have `manifestDigest`.
    static func header(extending manifestDigest: String) -> [UInt8] {
        Array("\(format) \(manifestDigest)\n".utf8)
    }

    /// One entry's line: fingerprint, size and path, separated by tabs (no path Tessera
    /// makes holds a tab or a newline: `ProductPath`).
    static func line(_ entry: Entry) -> [UInt8] {
        Array("\(entry.fingerprint)\t\(entry.byteCount)\t\(entry.path)\n".utf8)
    }

    /// The entries of a journal's bytes, if its header names `manifestDigest`, else none.
    /// Reading stops at the first line that is not whole and well-formed: a build killed
    /// mid-line leaves a torn last line, and after damage nothing further is trusted.
    static func entries(in bytes: Data, extending manifestDigest: String) -> [Entry] {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // The part after the last newline is empty when the journal ends with a whole line.
        guard lines.count >= 2, lines.removeFirst().elementsEqual(header(extending: manifestDigest).dropLast())
        else { return [] }
        lines.removeLast()
        var entries: [Entry] = []
        for line in lines {
            guard let entry = entry(String(decoding: line, as: UTF8.self)) else { break }
            entries.append(entry)
        }
        return entries
    }

    private static func entry(_ line: String) -> Entry? {
        let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, !fields[0].isEmpty, fields[0].allSatisfy(\.isHexDigit),
            let byteCount = Int(fields[1]), byteCount >= 0
        else { return nil }
        let path = String(fields[2])
        guard ProductPath.refusal(path) == nil else { return nil }
        return Entry(path: path, fingerprint: String(fields[0]), byteCount: byteCount)
    }
}
