import Foundation

/// The record, kept in the output folder, of every file Tessera made there and what made it.
///
/// Only files listed here are ever overwritten or deleted; anything else in the output
/// folder belongs to the user. It also remembers each photo's header so an unchanged
/// photo need not be read again.
struct Manifest: Codable, Sendable, Equatable {
    /// The manifest's own file name inside the output folder.
    static let fileName = ".tessera-manifest.json"
    /// Bumped when the meaning of the fields changes; an unknown version is treated as empty
    /// for reuse but its files are still considered ours.
    static let currentVersion = 3

    var version: Int
    /// Site-relative path → what produced it.
    var files: [String: Product]
    /// `PhotoFile.key` (the input-relative path, byte-exact) → the photo's header as last read.
    var photos: [String: KnownPhoto]
    /// The digest of an album's layout input → the digest of the places that layout gives
    /// its tiles and cards, for every album of the last build: an album page whose layout
    /// input is unchanged is fingerprinted without being laid out again. Absent in a
    /// manifest written before, which only means every album is laid out once more.
    var layouts: [String: String]?
    /// Each album's folder → what its pages were made of and what they were, for every
    /// album of the last build: an album whose inputs are unchanged keeps its pages without
    /// their models being made. Absent in a manifest written before, which only means
    /// every album's models are made once more.
    var albumPages: [String: AlbumPages]?
    /// When the feed and each of its entries last changed what they show (`FeedHistory`),
    /// so an edited album's entry moves and an unedited one keeps its date. Absent without
    /// a feed and in a manifest written before, which only means the next feed's dates are
    /// its photos' (as on a first build).
    var feed: FeedHistory?

    init(
        files: [String: Product] = [:], photos: [String: KnownPhoto] = [:], layouts: [String: String]? = nil,
        albumPages: [String: AlbumPages]? = nil, feed: FeedHistory? = nil
    ) {
        self.version = Self.currentVersion
        self.files = files
        self.photos = photos
        self.layouts = layouts
        self.albumPages = albumPages
        self.feed = feed
    }

    /// What one album's pages were made of (`AlbumPageInputs`) and the digest of their
    /// paths and fingerprints as the build that made them left them. The second is checked
    /// against `files` before anything is kept: a build killed after rewriting some of the
    /// album's pages, whose journal the next build replays, changed them, and its inputs
    /// were never recorded.
    struct AlbumPages: Codable, Sendable, Hashable {
        var inputs: String
        var pages: String

        init(inputs: String, pages: String) {
            self.inputs = inputs
            self.pages = pages
        }
    }

    /// What a file was made from: a fingerprint of its inputs and settings.
    struct Product: Codable, Sendable, Hashable {
        var fingerprint: String

        init(fingerprint: String) {
            self.fingerprint = fingerprint
        }
    }

    /// A photo's header and content hash, valid while its size and modification time are
    /// unchanged (or, when they change, while its content hash is).
    struct KnownPhoto: Codable, Sendable, Hashable {
        var byteCount: Int
        var modified: Double
        /// `ContentHash` of the file's bytes.
        var contentHash: String
        var info: PhotoInfo
        /// A video's facts as `ffprobe` read them (its `info` is its poster's shape and
        /// date); absent for photos, and in manifests written before videos were published.
        var video: VideoInfo? {
            get { sharedVideo?.value }
            set { sharedVideo = newValue.map(SharedValue.init) }
        }
        private var sharedVideo: SharedValue<VideoInfo>?
        /// The RAWs folded into this photo (`RawPairing`) as they were when its header was
        /// read: when one of them changes, comes or goes, the header is read again, so the
        /// notes they lend are never stale. Absent for a photo without RAWs, and in manifests
        /// written before.
        var raws: [PhotoFile]?
        /// The picture's own header when its RAWs lent it camera notes (`info` holds the
        /// notes merged): its images are made from the picture's pixels alone, so a RAW's
        /// edited notes re-render its page, never its images. Absent when nothing was lent.
        var pictureInfo: PhotoInfo?

        /// A still's motion (a Live Photo's movie, a Motion Photo's MP4, an animated GIF's
        /// frames); absent for a still without one, and in manifests written before.
        var motion: KnownMotion? {
            get { sharedMotion?.value }
            set { sharedMotion = newValue.map(SharedValue.init) }
        }
        private var sharedMotion: SharedValue<KnownMotion>?
        /// The file's inode number when it was last seen; absent in manifests written before.
        /// A file rewritten under its name with its size and time kept (an editor or a
        /// sync tool that saves to a new file and renames it) has another.
        var inode: UInt64?
        /// The file's change time (`ctime`) when it was last seen; absent in manifests
        /// written before. A file rewritten in place with its size and time set back (as
        /// `exiftool -P -overwrite_original_in_place` may) keeps its inode but not this.
        var changed: Double?
        /// What to say of a photo whose images were developed from its RAW, the photo itself
        /// not decoding (`SiteBuilder.developedFromRaw`): said again by every build while
        /// those images stand, which a build that keeps them has no other way to know.
        /// Absent otherwise, and in manifests written before.
        var fromRaw: String?
        /// How the photo's header was read (`headerReadingNow` when this record was made);
        /// absent in manifests written before clocks' offsets were read (reading 1).
        var headerReading: Int?

        /// Bumped when reading a header learns something it did not (2: the offset of the
        /// camera's clock; 3: a raw's date from its own EXIF, not LibRaw's, which came an
        /// hour late in the hour the build's zone skips): a photo read before is read again,
        /// once, its content hash and so its images kept.
        static let headerReadingNow = 3

        /// Whether this record holds all that reading its photo's header now gives. A
        /// video's facts are its probe's, whatever the photos' header reading; of the photos
        /// read as reading 2 did, only a raw dated just after clocks went forward (the
        /// build's zone, as LibRaw's dates were) may read otherwise now.
        func isReadAsNow(in zone: TimeZone = .current) -> Bool {
            let reading = headerReading ?? 1
            guard video == nil, reading < Self.headerReadingNow else { return true }
            guard reading == 2 else { return false }
            return info.format.kind != .raw
                || !(info.metadata.dateTaken.map { LocalWallClock.followsSkippedHour($0, in: zone) } ?? false)
        }

        init(
            byteCount: Int, modified: Double, contentHash: String, info: PhotoInfo, video: VideoInfo? = nil,
            raws: [PhotoFile]? = nil, pictureInfo: PhotoInfo? = nil, motion: KnownMotion? = nil, inode: UInt64? = nil,
            changed: Double? = nil, headerReading: Int? = headerReadingNow
        ) {
            self.byteCount = byteCount
            self.modified = modified
            self.contentHash = contentHash
            self.info = info
            self.sharedVideo = video.map(SharedValue.init)
            self.raws = raws
            self.pictureInfo = pictureInfo
            self.sharedMotion = motion.map(SharedValue.init)
            self.inode = inode
            self.changed = changed
            self.headerReading = headerReading
        }

        // The video and motion are held shared (`SharedValue`), coded under their names.
        // Every stored field must be listed here: one left out is not kept.
        private enum CodingKeys: String, CodingKey {
            case byteCount, modified, contentHash, info, raws, pictureInfo, inode, changed, fromRaw, headerReading
            case sharedVideo = "video"
            case sharedMotion = "motion"
        }

        /// Whether `file`, found with `inode` and change time `changed`, is the file this
        /// record was made from as far as its size, times and inode tell: its `contentHash`
        /// then stands for its bytes without reading them. A record without an inode (from
        /// an older manifest) vouches for nothing; one without a change time is judged
        /// without it.
        func vouches(for file: PhotoFile, inode: UInt64?, changed: Double? = nil) -> Bool {
            guard let known = self.inode, let inode else { return false }
            return known == inode && byteCount == file.byteCount && modified == file.modified
                && sameChange(changed)
        }

        /// Whether the record may stand for `file` (found with `inode`) without reading it:
        /// the same size and time, and the same inode unless either is unknown (a manifest
        /// written before inodes were recorded is trusted as it was).
        func matches(_ file: PhotoFile, inode: UInt64?, changed: Double? = nil) -> Bool {
            guard byteCount == file.byteCount, modified == file.modified, sameChange(changed) else { return false }
            guard let known = self.inode, let inode else { return true }
            return known == inode
        }

        /// Whether the change time found is the one recorded, where both are known.
        private func sameChange(_ found: Double?) -> Bool {
            guard let known = self.changed, let found else { return true }
            return known == found
        }

        /// The header an image's recipe holds: the picture's own.
        var imageInfo: PhotoInfo { pictureInfo ?? info }
    }

    /// Loads the manifest of an output folder; an empty one when there is none yet.
    ///
    /// - Throws: when a manifest exists but cannot be read, or lists a path no build of
    ///   Tessera makes (`ProductPath`), because guessing would risk deleting or overwriting
    ///   the user's files.
    static func load(from outputFolder: URL) throws(ManifestError) -> Manifest {
        let url = outputFolder.appendingPathComponent(fileName)
        guard FileSystem.exists(url.path) else { return Manifest() }
        // A pipe would hang the read, a device (a link to /dev/zero) never end; both said
        // "Permission denied".
        guard FileSystem.regularFileStatus(url.path) != nil else {
            throw ManifestError(
                path: url.path, reason: .unreadable("it is not a regular file, but a pipe, a device or a folder"))
        }
        let manifest: Manifest
        do {
            let data = try Data(contentsOf: url)
            if let current = try? JSONDecoder().decode(Manifest.self, from: data), current.version == currentVersion {
                manifest = current
            } else {
                // Another version: its files are still ours, but nothing in it is trusted for reuse.
                let owned = try JSONDecoder().decode(OwnedFiles.self, from: data)
                manifest = Manifest(files: owned.files.mapValues { _ in Product(fingerprint: "") })
            }
        } catch {
            throw ManifestError(path: url.path, reason: .unreadable("\(error)"))
        }
        // The first refused path in sorted order, so the message is the same on every run.
        if let entry = manifest.files.keys.filter({ ProductPath.refusal($0) != nil }).min(),
            let refusal = ProductPath.refusal(entry)
        {
            throw ManifestError(path: url.path, reason: .foreignEntry(entry, refusal: refusal))
        }
        return manifest
    }

    /// The part of any manifest version that must always be readable: which files are ours.
    private struct OwnedFiles: Decodable {
        var files: [String: Product]
    }

    /// The manifest as stable, sorted JSON (`SortedJSONWriter`: written as it is coded, not
    /// held whole as a tree first).
    func encoded() -> [UInt8] {
        (try? SortedJSONWriter.bytes(of: self)) ?? []
    }
}
