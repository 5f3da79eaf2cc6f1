import Foundation

extension SiteBuilder {
    /// What one video's web rendition is made from: the clip's content and facts, the
    /// rendition's settings, and (in the fingerprint's context) the ffmpeg that makes it.
    struct VideoRecipe: Encodable {
        var contentHash: String
        var info: VideoInfo
        var rendition: VideoRendition
        /// Set for a clip copied into its MP4, not encoded: 1 since its H.264 stream loses its
        /// SEI messages (a dashcam's or drone's position rode in their user data, and was
        /// published). Absent for encoded clips, whose fingerprints stay what they were.
        var copyCleaning: Int?
        /// Set for SDR in BT.2020's gamut: 1 since its colours are converted to BT.709 (they
        /// were encoded as they stood, still tagged BT.2020). Absent for every other clip.
        var gamutConversion: Int?
        /// Set for a clip that names no YCbCr matrix: 1 since an HD one's MP4 is tagged
        /// BT.709, as its poster reads it (it was published untagged, which Chromium reads as
        /// BT.601). An SD one is made again too, once, the same as before. Absent for every
        /// clip that names its matrix.
        var impliedColourTags: Int?

        init(contentHash: String, info: VideoInfo, rendition: VideoRendition) {
            self.contentHash = contentHash
            self.info = info
            self.rendition = rendition
            copyCleaning = rendition.copies(info) ? 1 : nil
            gamutConversion = info.hasWideGamutSDR ? 1 : nil
            impliedColourTags = info.video.matrix == nil ? 1 : nil
        }
    }

    /// One video's web rendition: what to make and where.
    struct VideoJob: Sendable {
        var info: VideoInfo
        var rendition: VideoRendition
        var product: Product
    }

    /// The settings every published video is made with: the configuration's `videos`
    /// section.
    var videoRendition: VideoRendition { VideoRendition(configuration.videos) }

    /// The ffmpeg version, asked once when the build has a video; its failure (ffmpeg not
    /// installed) is every video's.
    func videoEngine(for files: [PhotoFile], reading: Reading) -> Result<String, VideoProblem> {
        guard
            files.contains(where: { reading.known[$0.key]?.video != nil || reading.known[$0.key]?.motion?.info != nil })
        else { return .success("") }
        return Result { () throws(VideoProblem) in try video.engineVersion() }
    }

    /// The error that stops the build when a clip's files could not be made for a fault of
    /// the machine (`VideoProblem.isMachineFault`): every other clip would fail the same
    /// way, and a site published without them says nothing of it. Nil for the clip's own.
    ///
    /// - Parameter file: the file of the output being made, named when ffmpeg could not
    ///   write it (as a photo's image that cannot be written is); nil when ffmpeg was
    ///   writing in the temporary folder (a poster's frame).
    static func machineFault(_ problem: PhotoProblem, making file: URL?) -> BuildError? {
        guard case .video(let video) = problem, video.isMachineFault else { return nil }
        guard case .cannotWrite(let path, let reason) = video else { return .video(video) }
        guard let file else { return BuildError(stage: .temporaryFolder(path: path, reason: reason)) }
        return .write(.writeFailed(path: file.path, reason: reason))
    }

    /// A video's web rendition as a product, fingerprinted by the digest of its recipe.
    static func videoProduct(
        _ path: String, of clip: Manifest.KnownPhoto, facts: VideoInfo, rendition: VideoRendition, engine: String
    ) -> Product {
        Product(
            path: path,
            fingerprint: Fingerprint.of(
                VideoRecipe(contentHash: clip.contentHash, info: facts, rendition: rendition), context: [engine]),
            kind: .video)
    }

    /// Transcodes the clip into a staging file beside its place, then moves it there: a
    /// failed or killed encode leaves nothing where the video goes.
    func makeVideo(_ job: ImageJob, _ clip: VideoJob, writer: SiteWriter) throws(PhotoProblem) {
        let staged: URL
        do { staged = try writer.stagingURL(for: clip.product) } catch {
            throw .unreadable("cannot stage the video: \(error)")
        }
        var report: (@Sendable (Double?) -> Void)?
        if let told = videoProgress, let duration = clip.info.duration, duration > VideoProgress.minimumDuration {
            let path = job.file.relativePath
            told(VideoProgress(path: path, fraction: nil, duration: duration))
            report = { told(VideoProgress(path: path, fraction: $0, duration: duration)) }
        }
        defer {
            if report != nil {
                videoProgress?(
                    VideoProgress(
                        path: job.file.relativePath, fraction: nil, duration: clip.info.duration ?? 0,
                        isFinished: true))
            }
        }
        do {
            try video.transcode(
                input.appendingPathComponent(job.file.relativePath), info: clip.info, to: clip.rendition,
                output: staged, progress: report)
        } catch {
            unlink(staged.path)
            throw .video(error)
        }
        do { try writer.place(staged, for: clip.product) } catch {
            throw .unreadable("cannot place the video: \(error)")
        }
    }

    /// The poster's images: ffmpeg takes a frame as a PNG at the displayed size, and the
    /// photo pipeline makes the same renditions of it as of a photo of that shape.
    func makePosters(
        _ job: ImageJob, _ clip: VideoJob, renditions: [Rendition], request: RenditionRequest
    ) throws(PhotoProblem) -> [[UInt8]] {
        let frame = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tessera-poster-\(getpid())-\(UUID().uuidString).png")
        defer { unlink(frame.path) }
        let size: PixelSize
        do {
            size = try video.posterFrame(
                of: input.appendingPathComponent(job.file.relativePath), info: clip.info, output: frame)
        } catch {
            throw .video(error)
        }
        let still = PhotoInfo(format: .png, storedSize: size)
        return try imaging.makeRenditions(
            of: frame, info: still, renditions: renditions, request: request, budget: budget
        ).images
    }
}

extension SiteBuilder {
    /// The published videos' renditions as the pages show them, by `PhotoFile.key`.
    func plannedVideos(_ published: [String: Manifest.KnownPhoto], naming: NamingPlan) -> [String: PlannedVideo] {
        var videos: [String: PlannedVideo] = [:]
        for (key, known) in published {
            guard let facts = known.video, let path = naming.photos[key]?.video else { continue }
            videos[key] = PlannedVideo(
                path: path, size: videoRendition.outputSize(for: facts), duration: facts.duration)
        }
        return videos
    }
}
