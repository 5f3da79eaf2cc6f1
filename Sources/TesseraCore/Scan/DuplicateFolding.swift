import Foundation

/// Byte-identical copies in one folder (`IMG_0200.JPG` and `IMG_0200 (1).JPG`, left by a
/// phone export or a second import) are one photo.
///
/// The one with the shortest name (the original, not its `(1)` copy), else the first in
/// the folder's natural order, is published; each other copy is folded into it: no page, listed in `Catalog.folded` with the photo it joined. Only files of the
/// same size are read, so a folder without equal sizes costs no reading at all; a match
/// of their digests is confirmed byte for byte before anything is folded. Copies in two
/// different folders are both published: each album shows what its folder holds.
enum DuplicateFolding {
    /// A later copy and the photo it joined.
    struct Fold: Sendable, Hashable {
        var duplicate: PhotoFile
        var original: PhotoFile
    }

    /// The photos of one folder with every other copy taken out, in their order, and the
    /// folds so made. `digest` reads a file's digest (nil when it cannot be read: such a
    /// file is kept, for the read stage to report); `sameBytes` confirms two files are equal.
    static func fold(
        _ photos: [PhotoFile], digest: (PhotoFile) -> String?, sameBytes: (PhotoFile, PhotoFile) -> Bool
    ) -> (photos: [PhotoFile], folds: [Fold]) {
        let sizes = Dictionary(grouping: photos.filter { $0.byteCount > 0 }, by: \.byteCount)
        var originals: [String: [PhotoFile]] = [:]  // by size and digest
        var kept = Set<Int>()
        var folds: [(index: Int, fold: Fold)] = []
        // The shortest name is met first, so `IMG_0200.JPG` is published and its copy
        // `IMG_0200 (1).JPG` folded, whichever natural order puts first.
        let lengths = photos.map(\.fileName.count)  // counted once, not per comparison
        let candidates = photos.indices.sorted { (lengths[$0], $0) < (lengths[$1], $1) }
        for index in candidates {
            let photo = photos[index]
            guard (sizes[photo.byteCount]?.count ?? 0) > 1, let hash = digest(photo) else {
                kept.insert(index)
                continue
            }
            let key = "\(photo.byteCount) \(hash)"
            if let original = originals[key]?.first(where: { sameBytes($0, photo) }) {
                folds.append((index, Fold(duplicate: photo, original: original)))
            } else {
                originals[key, default: []].append(photo)
                kept.insert(index)
            }
        }
        return (
            photos.indices.filter(kept.contains).map { photos[$0] },
            folds.sorted { $0.index < $1.index }.map(\.fold)
        )
    }
}
