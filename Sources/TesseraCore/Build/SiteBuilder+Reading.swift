import Foundation

extension SiteBuilder {
    /// What the read stage learned: each readable photo's header, and why the others are out.
    struct Reading: Sendable {
        /// By `PhotoFile.key`.
        var known: [String: Manifest.KnownPhoto] = [:]
        /// Why a photo cannot be published, by `PhotoFile.key`.
        var problems: [String: String] = [:]
    }

    /// A video as the photo stages see it: its poster's shape (the displayed size, upright)
    /// and its recording date as the date taken.
    static func posterInfo(of video: VideoInfo, format: MediaFormat) -> PhotoInfo {
        PhotoInfo(
            format: format, storedSize: video.displaySize, metadata: PhotoMetadata(dateTaken: video.recorded?.dateTime))
    }

    /// Reads every photo's header, or reuses it from the manifest.
    /// A photo with RAWs folded into it (`rawCompanions`) takes the camera notes it lacks
    /// from the first of them that reads, when its own header is read. A still's motion (a
    /// Live Photo's movie from `liveMotions`, a Motion Photo's MP4, an animated GIF) is
    /// read with its header, and again when its Live Photo movie changes.
    func read(
        _ files: [PhotoFile], rawCompanions: [String: [PhotoFile]] = [:], liveMotions: [String: PhotoFile] = [:],
        manifest: Manifest, progress: (@Sendable (BuildProgress) -> Void)?
    ) -> Reading {
        let inspected = parallelMap(files, jobs: run.jobs, stage: .reading, progress: progress) { file in
            inspect(file, known: run.force ? nil : manifest.photos[file.key], raws: rawCompanions[file.key] ?? [])
                .map { known in
                    withMotion(
                        known, of: file, live: liveMotions[file.key],
                        previous: run.force ? nil : manifest.photos[file.key])
                }
        }
        var reading = Reading()
        for (file, result) in zip(files, inspected) {
            do throws(PhotoProblem) {
                let photo = try result.get()
                // A header from the manifest is held to this build's budget too.
                try budget.check(photo.info.storedSize)
                reading.known[file.key] = photo
            } catch {
                reading.problems[file.key] = error.description
            }
        }
        return reading
    }

    /// The photo's header and content hash: taken from the manifest when its size and time
    /// are unchanged, or when its content is (a touched or copied file); read otherwise.
    private func inspect(
        _ file: PhotoFile, known: Manifest.KnownPhoto?, raws: [PhotoFile]
    ) -> Result<Manifest.KnownPhoto, PhotoProblem> {
        if let known, known.byteCount == file.byteCount, known.modified == file.modified {
            return .success(known)
        }
        let url = input.appendingPathComponent(file.relativePath)
        guard let contentHash = ContentHash.ofFile(at: url.path) else {
            return .failure(.unreadable("the file could not be opened"))
        }
        func current(_ info: PhotoInfo, video: VideoInfo? = nil) -> Manifest.KnownPhoto {
            Manifest.KnownPhoto(
                byteCount: file.byteCount, modified: file.modified, contentHash: contentHash, info: info, video: video)
        }
        if let known, known.contentHash == contentHash { return .success(current(known.info, video: known.video)) }
        if let refusal = file.format.refusal { return .failure(refusal) }
        if file.format.kind == .video {
            return Result { () throws(PhotoProblem) in
                let facts: VideoInfo
                do throws(VideoProblem) { facts = try video.probe(url) } catch { throw .video(error) }
                return current(Self.posterInfo(of: facts, format: file.format), video: facts)
            }
        }
        return Result { () throws(PhotoProblem) in
            var info = try imaging.inspect(url, format: file.format, budget: budget)
            if !raws.isEmpty, RawPairing.lacksCameraNotes(info.metadata) {
                let raw = raws.lazy.compactMap { raw in
                    try? imaging.inspect(
                        input.appendingPathComponent(raw.relativePath), format: raw.format, budget: budget)
                }.first
                if let raw { info.metadata = RawPairing.metadata(of: info.metadata, filledFrom: raw.metadata) }
            }
            return current(info)
        }
    }
}
