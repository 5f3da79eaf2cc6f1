/// The output name of every album and photo the scan found, and the images each readable
/// photo needs.
///
/// Made before any image is decoded and never changed by a failure: a photo that cannot be
/// decoded keeps its name, so the others never move.
struct NamingPlan: Sendable {
    /// Each album's folder in the site, by `Album.key`; `""` for the home album.
    var albumFolders: [String: String]
    /// Each photo's names, by `PhotoFile.key`.
    var photos: [String: PhotoNames]

    init(albumFolders: [String: String] = [:], photos: [String: PhotoNames] = [:]) {
        self.albumFolders = albumFolders
        self.photos = photos
    }
}

extension NamingPlan {
    /// This plan with the renditions of `RenditionLadder.coverOnlyRoles` left out of every
    /// photo but `covers` (`PhotoFile.key`s). A file another role shares stays.
    func keepingCoverOnlyRenditions(of covers: Set<String>) -> NamingPlan {
        var plan = self
        for (key, names) in photos where !covers.contains(key) {
            plan.photos[key]?.renditions = names.renditions.filter { !RenditionLadder.coverOnlyRoles.contains($0.role) }
        }
        return plan
    }
}

/// Where one photo's page and images go in the site.
struct PhotoNames: Sendable, Hashable, Codable {
    /// The photo page, relative to the site root, e.g. `summer/beach.html`.
    var page: String
    /// One rendition per role and format, in the order of the settings' targets, largest
    /// first; within a role the main format (JPEG) first, then the alternatives (AVIF,
    /// WebP), best first. Two roles share a file when their sizes and formats are equal.
    /// Empty when the photo's header could not be read.
    var renditions: [Rendition]
    /// A video's web rendition (`summer/_media/clip.mp4`), beside its poster's images;
    /// nil for a photo.
    var video: String?
    /// A still's motion (`summer/_media/img-0001.motion.mp4`): a Live Photo's movie, a
    /// Motion Photo's MP4 or an animated GIF's frames, as a short silent MP4; nil for
    /// a still without one.
    var motion: String?

    init(page: String, renditions: [Rendition], video: String? = nil, motion: String? = nil) {
        self.page = page
        self.renditions = renditions
        self.video = video
        self.motion = motion
    }

    /// The distinct image files, largest first: one decode feeds them all.
    var files: [Rendition] {
        var seen = Set<String>()
        return renditions.filter { seen.insert($0.path).inserted }
    }
}
