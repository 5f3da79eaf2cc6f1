/// Tessera's own bookkeeping known by its bytes rather than its name: the manifest, the
/// build memo and the journal copied under another name (a sync tool that drops a
/// dot-file's dot, a backup made by hand) still list every file, hidden albums included.
enum OwnFileContent {
    /// The name Tessera gives the file `bytes` are, or nil for any other file. Read: the
    /// first bytes and a search for the top-level keys each JSON record is written with,
    /// linear in the file's length.
    static func ownName(of bytes: UnsafeRawBufferPointer) -> String? {
        let view = ByteView(bytes)
        if view.matches(0, "tessera-journal ") { return Journal.fileName }
        var start = 0
        while start < min(view.count, 64), [0x20, 0x09, 0x0A, 0x0D].contains(view.bytes[start]) { start += 1 }
        guard view.matches(start, "{") else { return nil }
        // `Manifest`'s and `BuildMemo`'s coding keys, as JSONEncoder writes them.
        if view.contains("\"files\""), view.contains("\"photos\""), view.contains("\"version\"") {
            return Manifest.fileName
        }
        if view.contains("\"key\""), view.contains("\"ignored\""), view.contains("\"outputs\""),
            view.contains("\"report\"")
        {
            return BuildMemo.fileName
        }
        return nil
    }
}
