/// A still's motion as the read stage found it, kept in the manifest with the still's
/// header: where the motion comes from, the facts `ffprobe` read of it, or why it cannot be
/// published (the still is then published alone, with a warning each build).
struct KnownMotion: Codable, Sendable, Hashable {
    /// Where a still's motion lies.
    enum Source: String, Codable, Sendable, Hashable {
        /// A Live Photo's movie beside the still (`LivePairing`).
        case live
        /// A Motion Photo's MP4 appended to the still (`MotionPhoto`).
        case embedded
        /// The frames of an animated GIF (`GIFAnimation`): the file itself.
        case animation
    }

    var source: Source
    /// A Live Photo's movie, relative to the input folder, with its size and time when read.
    var movie: String?
    var movieByteCount: Int?
    var movieModified: Double?
    /// `ContentHash` of the bytes the motion is made from: the movie's, or the still's own.
    var contentHash: String
    /// A Motion Photo's MP4: its first byte and the byte after its last in the still.
    var start: Int?
    var end: Int?
    /// The clip's facts; nil with `problem`.
    var info: VideoInfo?
    /// Why the motion is not published (a bad Motion Photo offset, a movie ffprobe cannot read).
    var problem: String?

    init(
        source: Source, contentHash: String, info: VideoInfo? = nil, problem: String? = nil, movie: PhotoFile? = nil,
        range: Range<Int>? = nil
    ) {
        self.source = source
        self.contentHash = contentHash
        self.info = info
        self.problem = problem
        self.movie = movie?.relativePath
        self.movieByteCount = movie?.byteCount
        self.movieModified = movie?.modified
        self.start = range?.lowerBound
        self.end = range?.upperBound
    }

    /// Whether this is still the motion of a still whose Live Photo movie is now `movie`
    /// (nil: none): the same movie, unchanged, or no movie before nor now.
    func isCurrent(movie now: PhotoFile?) -> Bool {
        guard let now else { return source != .live }
        return source == .live && movie == now.relativePath && movieByteCount == now.byteCount
            && movieModified == now.modified
    }

    /// Whether its problem came from reading the clip (ffprobe missing, failing, the movie
    /// not opening) rather than from the still's own bytes (a Motion Photo's offset outside
    /// the file): such a reading is done again each build, as a failed encoding is, so a
    /// motion left a still before ffmpeg was installed is published once it is.
    var isWorthReadingAgain: Bool {
        problem != nil && (source != .embedded || range != nil)
    }

    /// The MP4's bytes in the still, for a Motion Photo.
    var range: Range<Int>? {
        guard let start, let end, start >= 0, start < end else { return nil }
        return start..<end
    }
}
