/// The names of files folded into a published photo (a byte-identical copy, the RAW of a
/// JPEG, a Live Photo's movie), each standing for the photo it joined: an `index.md` whose
/// `cover:` or `order:` names `IMG_0200 (1).JPG` means the `IMG_0200.JPG` published for it.
struct FoldedNames: Sendable {
    /// The photo each folded file joined, both relative to the input folder.
    private let joined: [String: String]

    init(_ folded: [FoldedFile]) {
        joined = Dictionary(folded.map { ($0.relativePath, $0.joined) }) { first, _ in first }
    }

    /// What `name`, written in the `index.md` of the album at `albumPath` (relative to the
    /// input folder, `""` for the top one), stands for: the photo a folded file joined, as
    /// the album names it, else `name` as written.
    func standing(for name: String, inAlbumAt albumPath: String) -> String {
        let trimmed = name.hasPrefix("./") ? String(name.dropFirst(2)) : name
        let prefix = albumPath.isEmpty ? "" : albumPath + "/"
        guard let photo = joined[prefix + trimmed], photo.hasPrefix(prefix) else { return name }
        return String(photo.dropFirst(prefix.count))
    }
}
