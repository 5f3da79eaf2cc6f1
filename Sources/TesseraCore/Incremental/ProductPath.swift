/// The rule for the paths a manifest or journal may name: the only files a build ever reads,
/// overwrites or deletes in the output folder. Both files are read from disk, where anyone
/// could have written them, so nothing in them is trusted before it passes this rule.
///
/// Tessera names every file it makes from slugs (letters, digits and hyphens), fixed names
/// (`index.html`, `tessera.css`, `sitemap.xml`) and suffixes (`.thumb2x.jpg`). So a path it
/// made is relative and normalised, and none of its names is empty, `.` or `..`, starts
/// with a dot (the manifest, its journal and the temporaries are never products), or holds
/// a backslash, NUL or other control character; `.nojekyll` at the root is the one dot-file
/// it makes.
enum ProductPath {
    /// The dot-files a build makes as products.
    static let dotFiles: Set<String> = [SiteContext.noJekyllPath]
    /// Longer names and paths cannot exist on Linux file systems.
    static let maximumNameBytes = 255
    static let maximumPathBytes = 4095

    /// Why `path` cannot name a file Tessera made, in words that follow "it lists 'PATH', ";
    /// nil when it can. Looks at each byte once: a manifest of 100,000 photos lists half a
    /// million paths.
    static func refusal(_ path: String) -> String? {
        if path.isEmpty { return "an empty path" }
        if path.utf8.first == UInt8(ascii: "."), dotFiles.contains(path) { return nil }
        var path = path
        return path.withUTF8 { bytes -> String? in
            if bytes.count > maximumPathBytes { return "a path longer than any file system allows" }
            if bytes[0] == UInt8(ascii: "/") { return "an absolute path" }
            var nameStart = 0
            var previous: UInt8 = 0
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "/")
                if byte == UInt8(ascii: "/") {
                    let length = index - nameStart
                    if length == 0 { return "a path with an empty part" }
                    if bytes[nameStart] == UInt8(ascii: ".") {
                        if length == 1 { return "a path with a '.' part" }
                        if length == 2 && bytes[nameStart + 1] == UInt8(ascii: ".") {
                            return "a path that climbs out of the folder with '..'"
                        }
                        return "a hidden file or folder, which Tessera never makes"
                    }
                    if length > maximumNameBytes { return "a name longer than any file system allows" }
                    nameStart = index + 1
                } else if byte == UInt8(ascii: "\\") {
                    return "a path with a backslash"
                } else if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(byte)) {
                    // C0 controls, DEL, and the C1 controls U+0080–U+009F (0xC2 0x80–0x9F in UTF-8).
                    return "a path with a control character"
                }
                previous = byte
            }
            return nil
        }
    }
}
