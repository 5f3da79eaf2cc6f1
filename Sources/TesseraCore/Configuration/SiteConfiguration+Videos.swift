extension SiteConfiguration {
    /// The web video made from each clip: the `videos` section. Each value is in the
    /// video's fingerprint, so changing one makes the videos again and nothing else (their
    /// posters are the photo pipeline's, sized by `images`).
    struct Videos: Sendable, Hashable, Codable {
        /// Longest edge of the published video, in px; smaller clips keep their size
        /// (`longest_edge`).
        var longestEdge: Int
        /// x264's constant rate factor (`crf`): lower is better and larger; each 3 steps
        /// about halve or double the bytes (README, "Video").
        var crf: Int

        /// The defaults of every site that does not set them: `VideoRendition.web`'s.
        init(longestEdge: Int = VideoRendition.web.longestEdge, crf: Int = VideoRendition.web.crf) {
            self.longestEdge = longestEdge
            self.crf = crf
        }

        enum CodingKeys: String, CodingKey {
            case longestEdge = "longest_edge"
            case crf
        }
    }
}

extension VideoRendition {
    /// The rendition a page plays, with the configuration's `videos` section over `.web`.
    init(_ videos: SiteConfiguration.Videos) {
        self = .web
        longestEdge = videos.longestEdge
        crf = videos.crf
    }
}
