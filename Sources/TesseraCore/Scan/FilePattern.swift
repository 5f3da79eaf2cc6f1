/// A shell-style pattern for `ignore:`, `ignore_files:` and `hidden:`: `*` matches within
/// one name, `**` across folders, `?` one character. A pattern without `/` is matched
/// against each file's or folder's own name (`*.tmp`, `drafts`); one with `/` against the
/// whole path from the input folder (`2019/private/*`).
struct FilePattern: Sendable, Hashable {
    /// What a pattern may match.
    enum Kind: Sendable, Hashable {
        case filesAndFolders
        /// Written with a trailing `/`, as `.gitignore` writes a folder: `drafts/`.
        case folders
        /// An `ignore_files:` pattern (sigal's `ignore_files`).
        case files
    }

    let pattern: String
    let kind: Kind
    /// The pattern as the user wrote it (`_*/`), for messages.
    let written: String

    /// A leading `/` or `./` anchors the pattern to the photo folder (`./Kids` is the album
    /// Kids at the top, not every album named so); a trailing `/` is left off and makes the
    /// pattern match folders only, as in `.gitignore` (`hidden: [Private/, ./Family/Kids]`
    /// hid nothing while the `/` was matched as written). `files` makes a pattern match
    /// files only.
    init(_ pattern: String, files: Bool = false) {
        var text = Substring(pattern)
        var anchored = false
        while text.hasPrefix("./") || text.hasPrefix("/") {
            anchored = true
            text = text.hasPrefix("/") ? text.dropFirst() : text.dropFirst(2)
        }
        var folders = false
        while text.count > 1, text.hasSuffix("/"), text.dropLast().contains(where: { $0 != "*" && $0 != "/" }) {
            text = text.dropLast()
            folders = true
        }
        self.pattern = String(text)
        self.anchored = anchored
        self.kind = files ? .files : folders ? .folders : .filesAndFolders
        self.written = pattern
    }

    /// Whether the pattern names a path from the photo folder, not a name at any depth.
    private let anchored: Bool

    /// Whether the pattern matches the file or folder at `relativePath`; `isFolder` is
    /// asked only of a pattern for files or folders alone, once its path matches.
    func matches(_ relativePath: String, isFolder: @autoclosure () -> Bool) -> Bool {
        let subject =
            anchored || pattern.contains("/")
            ? relativePath : String(relativePath.split(separator: "/").last ?? Substring(relativePath))
        guard Self.match(Array(pattern), Array(subject)) else { return false }
        switch kind {
        case .filesAndFolders: return true
        case .folders: return isFolder()
        case .files: return !isFolder()
        }
    }

    /// Whether any of `patterns` matches `relativePath`.
    static func any(_ patterns: [FilePattern], match relativePath: String, isFolder: Bool) -> Bool {
        patterns.contains { $0.matches(relativePath, isFolder: isFolder) }
    }

    /// Whether pattern `p` matches `s`: a table of whether each rest of the pattern matches
    /// each rest of the subject, filled from the ends, so the time is the product of the two
    /// lengths whatever the stars (trying each place a star could stop, recursively, took
    /// exponential time: `*a*a*a*a*a*a*a*a*b` against sixty `a`s did not end).
    private static func match(_ p: [Character], _ s: [Character]) -> Bool {
        // Without a star (`drafts`, `IMG_?.jpg`), one character for one: no table.
        if !p.contains("*") {
            return p.count == s.count && zip(p, s).allSatisfy { $0 == "?" ? $1 != "/" : $0 == $1 }
        }
        let width = s.count + 1
        // matches[i * width + j]: whether p[i...] matches s[j...].
        var matches = [Bool](repeating: false, count: (p.count + 1) * width)
        matches[p.count * width + s.count] = true
        for i in stride(from: p.count - 1, through: 0, by: -1) {
            let crossesFolders = p[i] == "*" && i + 1 < p.count && p[i + 1] == "*"
            let next = crossesFolders ? i + 2 : i + 1
            for j in stride(from: s.count, through: 0, by: -1) {
                if p[i] == "*" {
                    // Stop here, or take one more character (a `/` only for `**`).
                    matches[i * width + j] =
                        matches[next * width + j]
                        || (j < s.count && (crossesFolders || s[j] != "/") && matches[i * width + j + 1])
                } else {
                    matches[i * width + j] =
                        j < s.count && (p[i] == "?" ? s[j] != "/" : p[i] == s[j]) && matches[(i + 1) * width + j + 1]
                }
            }
        }
        return matches[0]
    }
}
