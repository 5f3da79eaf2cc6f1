import Foundation

/// Byte-identical copies in one folder (`IMG_0200.JPG` and `IMG_0200 (1).JPG`, left by a
/// phone export or a second import) are one photo.
///
/// The first in the folder's natural order is published; each later copy is folded into
/// it: no page, listed in `Catalog.folded` with the photo it joined. Only files of the
/// same size are read, so a folder without equal sizes costs no reading at all; a match
/// of their digests is confirmed byte for byte before anything is folded. Copies in two
/// different folders are both published: each album shows what its folder holds.
enum DuplicateFolding {
    /// A later copy and the photo it joined.
    struct Fold: Sendable, Hashable {
        var duplicate: PhotoFile
        var original: PhotoFile
    }

    /// The photos of one folder with every later copy taken out, in their order, and the
    /// folds so made. `digest` reads a file's digest (nil when it cannot be read: such a
    /// file is kept, for the read stage to report); `sameBytes` confirms two files are equal.
    static func fold(
        _ photos: [PhotoFile], digest: (PhotoFile) -> String?, sameBytes: (PhotoFile, PhotoFile) -> Bool
    ) -> (photos: [PhotoFile], folds: [Fold]) {
        let sizes = Dictionary(grouping: photos.filter { $0.byteCount > 0 }, by: \.byteCount)
        var originals: [String: [PhotoFile]] = [:]  // by size and digest, in folder order
        var kept: [PhotoFile] = []
        var folds: [Fold] = []
        for photo in photos {
            guard (sizes[photo.byteCount]?.count ?? 0) > 1, let hash = digest(photo) else {
                kept.append(photo)
                continue
            }
            let key = "\(photo.byteCount) \(hash)"
            if let original = originals[key]?.first(where: { sameBytes($0, photo) }) {
                folds.append(Fold(duplicate: photo, original: original))
            } else {
                originals[key, default: []].append(photo)
                kept.append(photo)
            }
        }
        return (kept, folds)
    }
}
