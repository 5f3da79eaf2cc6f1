/// An iPhone's Live Photo is two files of one moment: the still (`IMG_0001.HEIC` or
/// `.JPG`) and its few seconds of motion (`IMG_0001.MOV`). They are one photo.
///
/// The still is published, with the movie as its motion (a short silent MP4 the page plays
/// on press or hover); the movie is folded into it: no page, no tile of its own. A pair is
/// a still and a QuickTime movie of the same name (without extension, ignoring case) in
/// one folder, where the movie is a Live Photo's: it carries Apple's Live Photo content
/// identifier key, or — when it carries none (an export that dropped it) — it lasts at
/// most `longestMotion` seconds. A longer movie without the key is a clip of its own,
/// published as a video beside the photo. When both files carry Apple's content
/// identifier (`AppleContentIdentifier`) and the two differ, they are two moments that
/// only share a name (a still renamed, a copy from another phone): they are not paired, and
/// both are published, the movie as a video, with a note saying why.
enum LivePairing {
    /// A still and its motion.
    struct Pair: Sendable, Hashable {
        var still: PhotoFile
        var motion: PhotoFile
    }

    /// The longest movie taken as a Live Photo's motion without its content identifier:
    /// the camera records 1.5 s either side of the still, about 3 s in all.
    static let longestMotion = 4.0

    /// Whether a movie whose header says this is a Live Photo's motion.
    static func isLiveMotion(_ movie: QuickTimeMovie.Summary?) -> Bool {
        guard let movie else { return false }
        if movie.hasContentIdentifier { return true }
        guard let duration = movie.duration else { return false }
        return duration <= longestMotion
    }

    /// The files of one folder with each Live Photo's movie taken out, in their order, the
    /// pairs so formed, and the still-and-movie pairs of one name left apart because their
    /// content identifiers differ. `movie` reads a movie's header and `still` a still's
    /// content identifier (only those of a MOV with a still of its name beside it are read).
    static func fold(
        _ files: [PhotoFile], movie: (PhotoFile) -> QuickTimeMovie.Summary?,
        still: (PhotoFile) -> String? = { _ in nil }
    ) -> (photos: [PhotoFile], pairs: [Pair], mismatched: [Pair]) {
        var stills: [String: PhotoFile] = [:]
        // The HEIF first (what an iPhone writes), then the JPEG (what it exports).
        for kind in [MediaFormat.heif, .jpeg] {
            for file in files where file.format == kind && stills[RawPairing.stem(file)] == nil {
                stills[RawPairing.stem(file)] = file
            }
        }
        var taken: Set<String> = []  // stems whose still has its motion
        var pairs: [Pair] = []
        var mismatched: [Pair] = []
        var kept: [PhotoFile] = []
        for file in files {
            let stem = RawPairing.stem(file)
            if file.format == .mov, let picture = stills[stem], !taken.contains(stem) {
                let summary = movie(file)
                if isLiveMotion(summary) {
                    if let moving = summary?.contentIdentifier, let fixed = still(picture), moving != fixed {
                        mismatched.append(Pair(still: picture, motion: file))
                        kept.append(file)
                        continue
                    }
                    taken.insert(stem)
                    pairs.append(Pair(still: picture, motion: file))
                    continue
                }
            }
            kept.append(file)
        }
        return (kept, pairs, mismatched)
    }
}
