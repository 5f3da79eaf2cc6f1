/// A camera that shoots RAW+JPEG writes two files of one picture: `IMG_0040.DNG` and
/// `IMG_0040.JPG` (or `.HEIC`). They are one photo.
///
/// The picture (the JPEG, else the HEIF) is published: its rendering is the photographer's
/// (or the camera's, as they chose it). The RAW is folded into it: it gets no page and no
/// warning, and lends its camera notes only where the picture lacks them
/// (`PhotoMetadata.filled(from:)`). A RAW with no such picture beside it is published
/// from its own development. Pairs are found per folder, by the name without its
/// extension, ignoring case (cameras and card readers differ in case, not in name).
enum RawPairing {
    /// A picture and the RAWs of the same shot.
    struct Pair: Sendable, Hashable {
        var picture: PhotoFile
        var raws: [PhotoFile]
    }

    /// The photos of one folder with each RAW that has a picture beside it taken out, in
    /// their order, and the pairs so formed.
    static func fold(_ photos: [PhotoFile]) -> (photos: [PhotoFile], pairs: [Pair]) {
        var pictures: [String: PhotoFile] = [:]
        // The JPEG first, then the HEIF: the first of a kind in folder order.
        for kind in [MediaFormat.jpeg, .heif] {
            for photo in photos where photo.format == kind && pictures[stem(photo)] == nil {
                pictures[stem(photo)] = photo
            }
        }
        var raws: [String: [PhotoFile]] = [:]
        var kept: [PhotoFile] = []
        for photo in photos {
            if photo.kind == .raw, pictures[stem(photo)] != nil {
                raws[stem(photo), default: []].append(photo)
            } else {
                kept.append(photo)
            }
        }
        let pairs = kept.compactMap { photo in
            pictures[stem(photo)] == photo ? raws[stem(photo)].map { Pair(picture: photo, raws: $0) } : nil
        }
        return (kept, pairs)
    }

    /// The file name without its last extension, lower-cased: `IMG_0040.JPG` → `img_0040`.
    static func stem(_ photo: PhotoFile) -> String {
        let name = photo.fileName
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name.lowercased() }
        return name[..<dot].lowercased()
    }
}
