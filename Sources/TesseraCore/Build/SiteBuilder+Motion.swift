import Foundation

extension SiteBuilder {
    /// A still's motion to publish: where its clip is read from and the MP4 to make.
    struct MotionJob: Sendable {
        var motion: KnownMotion
        var clip: VideoJob
    }

    /// The longest head of a GIF read to count its frames: one whose second frame starts
    /// later is published as a still.
    static let gifCountLimit = 8 << 20

    /// `known` with its motion read, or kept from the manifest while it is current.
    ///
    /// A still reused from the manifest was looked at when its header was read; only its
    /// Live Photo movie (new, changed or gone) and a GIF (perhaps read by a Tessera that
    /// did not count frames) are looked at again.
    func withMotion(
        _ known: Manifest.KnownPhoto, of file: PhotoFile, live: PhotoFile?, previous: Manifest.KnownPhoto?
    ) -> Manifest.KnownPhoto {
        guard file.kind != .video else { return known }
        if let motion = known.motion, motion.isCurrent(movie: live), !motion.isWorthReadingAgain { return known }
        if known.motion == nil, live == nil, previous == known, file.format != .gif { return known }
        var updated = known
        updated.motion = readMotion(of: file, contentHash: known.contentHash, live: live)
        return updated
    }

    /// The motion of a still: its Live Photo movie, else the MP4 its XMP declares, else
    /// the frames of an animated GIF; nil when it has none.
    func readMotion(of file: PhotoFile, contentHash: String, live: PhotoFile?) -> KnownMotion? {
        let url = input.appendingPathComponent(file.relativePath)
        if let live {
            let movie = input.appendingPathComponent(live.relativePath)
            guard let hash = ContentHash.ofFile(at: movie.path) else {
                return KnownMotion(
                    source: .live, contentHash: "",
                    problem: "its Live Photo movie \(live.fileName) could not be opened; published as a still",
                    movie: live)
            }
            do throws(VideoProblem) {
                return KnownMotion(source: .live, contentHash: hash, info: try video.probe(movie), movie: live)
            } catch {
                return KnownMotion(
                    source: .live, contentHash: hash,
                    problem: "its Live Photo movie \(live.fileName) cannot be read (\(error)); published as a still",
                    movie: live)
            }
        }
        switch file.format {
        case .gif:
            let head = (try? FileSystem.readHead(url.path, count: Self.gifCountLimit).get()) ?? []
            guard GIFAnimation.frameCount(head) > 1 else { return nil }
            do throws(VideoProblem) {
                return KnownMotion(source: .animation, contentHash: contentHash, info: try video.probe(url))
            } catch {
                return KnownMotion(
                    source: .animation, contentHash: contentHash,
                    problem: "its animation cannot be read (\(error)); published as a still")
            }
        case .jpeg, .heif:
            let found = FileSystem.withPositionalReads(url.path) { read in
                MotionPhoto.videoRange(read, fileSize: file.byteCount)
            }
            switch found {
            case nil, .some(nil): return nil
            case .some(.some(.failure(let problem))):
                return KnownMotion(source: .embedded, contentHash: contentHash, problem: problem.description)
            case .some(.some(.success(let range))):
                do throws(VideoProblem) {
                    let clip = try extractMotion(of: file, range: range)
                    defer { unlink(clip.path) }
                    return KnownMotion(
                        source: .embedded, contentHash: contentHash, info: try video.probe(clip), range: range)
                } catch {
                    return KnownMotion(
                        source: .embedded, contentHash: contentHash,
                        problem: "its Motion Photo video cannot be read (\(error)); published as a still", range: range)
                }
            }
        default: return nil
        }
    }

    /// Copies a Motion Photo's MP4 out of the still into a temporary file, for ffmpeg.
    func extractMotion(of file: PhotoFile, range: Range<Int>) throws(VideoProblem) -> URL {
        let url = input.appendingPathComponent(file.relativePath)
        let clip = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tessera-motion-\(getpid())-\(UUID().uuidString).mp4")
        let bytes = FileSystem.withPositionalReads(url.path) { read in read(range.lowerBound, range.count) } ?? []
        guard bytes.count == range.count else {
            throw .notAVideo(detail: "the still is shorter than its Motion Photo video; was it changed?")
        }
        do { try Data(bytes).write(to: clip) } catch { throw .unwritable("\(error)") }
        return clip
    }

    /// The motion job of a still, nil when it has no motion to publish.
    static func motionJob(
        _ known: Manifest.KnownPhoto, path: String?, engine: Result<String, VideoProblem>
    ) -> MotionJob? {
        guard let motion = known.motion, let facts = motion.info, let path, case .success(let version) = engine else {
            return nil
        }
        let product = Product(
            path: path,
            fingerprint: Fingerprint.of(
                VideoRecipe(contentHash: motion.contentHash, info: facts, rendition: .motion),
                context: [version, "motion", motion.source.rawValue]),
            kind: .video)
        return MotionJob(motion: motion, clip: VideoJob(info: facts, rendition: .motion, product: product))
    }

    /// Makes a still's motion MP4: from its Live Photo movie, its appended MP4 (copied out
    /// first) or the GIF itself, through a staging file like any video.
    func makeMotion(_ job: ImageJob, _ motion: MotionJob, writer: SiteWriter) throws(PhotoProblem) {
        let source: URL
        var extracted: URL?
        switch motion.motion.source {
        case .live: source = input.appendingPathComponent(motion.motion.movie ?? "")
        case .animation: source = input.appendingPathComponent(job.file.relativePath)
        case .embedded:
            guard let range = motion.motion.range else { throw .video(.notAVideo(detail: "no Motion Photo range")) }
            do throws(VideoProblem) { extracted = try extractMotion(of: job.file, range: range) } catch {
                throw .video(error)
            }
            source = extracted!
        }
        defer { if let extracted { unlink(extracted.path) } }
        let staged: URL
        do { staged = try writer.stagingURL(for: motion.clip.product) } catch {
            throw .unreadable("cannot stage the motion: \(error)")
        }
        do {
            try video.transcode(source, info: motion.clip.info, to: motion.clip.rendition, output: staged)
        } catch {
            unlink(staged.path)
            throw .video(error)
        }
        do { try writer.place(staged, for: motion.clip.product) } catch {
            throw .unreadable("cannot place the motion: \(error)")
        }
    }

    /// The published stills' motions as the pages show them, by `PhotoFile.key`: those whose
    /// MP4 was made (or is current), not those in `failed`.
    func plannedMotions(
        _ published: [String: Manifest.KnownPhoto], naming: NamingPlan, failed: [String: String]
    ) -> [String: PlannedMotion] {
        var motions: [String: PlannedMotion] = [:]
        for (key, known) in published where failed[key] == nil {
            guard let motion = known.motion, let facts = motion.info, let path = naming.photos[key]?.motion else {
                continue
            }
            motions[key] = PlannedMotion(
                path: path, size: VideoRendition.motion.outputSize(for: facts), loops: motion.source == .animation)
        }
        return motions
    }

    /// A warning for each published still whose motion is not published, naming the file.
    static func motionWarnings(
        _ catalog: Catalog, published: [String: Manifest.KnownPhoto], failed: [String: String]
    ) -> [MetadataWarning] {
        catalog.allPhotos.compactMap { file in
            guard let known = published[file.key], known.info.kind != .video else { return nil }
            if let problem = known.motion?.problem {
                return MetadataWarning(file: file.relativePath, message: problem, kind: .motion)
            }
            if let problem = failed[file.key] {
                return MetadataWarning(
                    file: file.relativePath, message: "its motion could not be made (\(problem)); published as a still",
                    kind: .motion)
            }
            return nil
        }
    }
}
