import Foundation

extension SiteBuilder {
    /// What the read stage learned: each readable photo's header, and why the others are out.
    struct Reading: Sendable {
        /// By `PhotoFile.key`.
        var known: [String: Manifest.KnownPhoto] = [:]
        /// Why a photo cannot be published, by `PhotoFile.key`.
        var problems: [String: String] = [:]
        /// A fault of the machine met reading a video (ffprobe cannot start): the build
        /// stops with it rather than skip every clip.
        var fault: BuildError?
    }

    /// A video as the photo stages see it: its poster's shape (the displayed size, upright)
    /// and its recording date as the date taken, with its clock's offset from UTC when the
    /// file says it (a date in UTC alone gets its clock's in `pageInfo`: it is no camera's
    /// clock for `ClockOffsets`).
    static func posterInfo(of video: VideoInfo, format: MediaFormat) -> PhotoInfo {
        let recorded = video.recorded
        return PhotoInfo(
            format: format, storedSize: video.displaySize,
            metadata: PhotoMetadata(
                dateTaken: recorded?.dateTime,
                utcOffsetMinutes: recorded?.source == .creationTime ? nil : recorded?.utcOffsetMinutes))
    }

    /// A photo's header as pages show and order it: a clip dated in UTC alone (Android's
    /// `creation_time`) is dated by a wall clock, as photos' EXIF times are, when the pages
    /// are planned, so the manifest keeps what the file says. The clock is the one the
    /// photos taken nearest it recorded (`offsets`: on a trip, the trip's), else `zone`'s.
    static func pageInfo(
        of known: Manifest.KnownPhoto, offsets: ClockOffsets = ClockOffsets([]), in zone: TimeZone = .current
    ) -> PhotoInfo {
        guard let recorded = known.video?.recorded, recorded.source == .creationTime,
            let utc = LocalWallClock.seconds(utc: recorded.dateTime)
        else { return known.info }
        let clock = offsets.minutes(near: utc).flatMap { TimeZone(secondsFromGMT: $0 * 60) } ?? zone
        var shown = known.info
        shown.metadata.dateTaken = LocalWallClock.text(utcSeconds: utc, in: clock)
        // The offset goes with it: the feed dates entries by moments (`AtomFeed.takenMoment`).
        shown.metadata.utcOffsetMinutes = clock.secondsFromGMT(for: Date(timeIntervalSince1970: utc)) / 60
        return shown
    }

    /// Reads every photo's header, or reuses it from the manifest.
    /// A photo with RAWs folded into it (`rawCompanions`) takes the camera notes it lacks
    /// from the first of them that reads, when its own header is read. A still's motion (a
    /// Live Photo's movie from `liveMotions`, a Motion Photo's MP4, an animated GIF) is
    /// read with its header, and again when its Live Photo movie changes.
    func read(
        _ files: [PhotoFile], rawCompanions: [String: [PhotoFile]] = [:], liveMotions: [String: PhotoFile] = [:],
        inodes: [String: UInt64] = [:], changes: [String: Double] = [:], manifest: Manifest,
        progress: (@Sendable (BuildProgress) -> Void)?
    ) -> Reading {
        // A photo new to the manifest may be one renamed or moved: its header is known by
        // its content. Indexed only when some photo is new.
        var index: [String: Manifest.KnownPhoto] = [:]
        if !run.force, files.contains(where: { manifest.photos[$0.key] == nil }) {
            for known in manifest.photos.values { index[known.contentHash] = known }
        }
        let byContent = index
        let inspected = parallelMap(files, jobs: run.jobs, stage: .reading, progress: progress) { file in
            inspect(
                file, known: run.force ? nil : manifest.photos[file.key], earlier: manifest.photos[file.key],
                byContent: byContent, raws: rawCompanions[file.key] ?? [], inode: inodes[file.key],
                changed: changes[file.key]
            )
            .map { known in
                var photo = withMotion(
                    known, of: file, live: liveMotions[file.key], previous: run.force ? nil : manifest.photos[file.key])
                photo.inode = inodes[file.key]
                photo.changed = changes[file.key]
                return photo
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
                reading.fault = reading.fault ?? Self.machineFault(error, making: nil)
                reading.problems[file.key] = error.description
            }
        }
        return reading
    }

    /// The photo's header and content hash: taken from the manifest when its size, time and
    /// inode and change time are unchanged (`Manifest.KnownPhoto.matches`), or when its content is (a touched or copied file, or one renamed or
    /// moved: `byContent`, the manifest's photos by content hash), and its RAWs are the ones
    /// it was read with; read otherwise.
    /// An unchanged clip's facts are also taken from the manifest (`earlier`, what it says
    /// even under `--force`) when ffprobe is missing, so its published files can be kept.
    private func inspect(
        _ file: PhotoFile, known: Manifest.KnownPhoto?, earlier: Manifest.KnownPhoto?,
        byContent: [String: Manifest.KnownPhoto] = [:], raws: [PhotoFile], inode: UInt64? = nil,
        changed: Double? = nil
    ) -> Result<Manifest.KnownPhoto, PhotoProblem> {
        // A RAW edited, added or taken away changes the notes it lends. A header the
        // manifest gives that no photo could have (a hand-edited or damaged manifest) is
        // read again from the photo: it was the photo that got skipped for it.
        let known = known.flatMap { isPlausible($0.info) ? $0 : nil }
        let sameRaws = (known?.raws ?? []) == raws
        // A header read before this Tessera read headers as it does is read again, once;
        // the file's content hash stands if its size, times and inode do.
        let unchanged = known.map { sameRaws && $0.matches(file, inode: inode, changed: changed) } ?? false
        if let known, unchanged, known.isReadAsNow() {
            return .success(known)
        }
        let url = input.appendingPathComponent(file.relativePath)
        guard let contentHash = unchanged ? known?.contentHash : ContentHash.ofFile(at: url.path) else {
            return .failure(.unreadable("the file could not be opened"))
        }
        func current(_ info: PhotoInfo, video: VideoInfo? = nil, picture: PhotoInfo? = nil) -> Manifest.KnownPhoto {
            var record = Manifest.KnownPhoto(
                byteCount: file.byteCount, modified: file.modified, contentHash: contentHash, info: info, video: video,
                raws: raws.isEmpty ? nil : raws, pictureInfo: picture)
            // The same bytes published from their RAW still are, while those images stand
            // (a build that makes them again says anew: `SiteBuilder.build`).
            if let known, known.contentHash == contentHash { record.fromRaw = known.fromRaw }
            return record
        }
        if let known, sameRaws, known.contentHash == contentHash, known.isReadAsNow() {
            return .success(current(known.info, video: known.video, picture: known.pictureInfo))
        }
        // A RAW companion may fill notes the photo lacks: its header is read with them.
        if known == nil, raws.isEmpty, let moved = byContent[contentHash], moved.byteCount == file.byteCount,
            moved.info.format == file.format, isPlausible(moved.info), moved.isReadAsNow()
        {
            return .success(current(moved.info, video: moved.video))
        }
        if let refusal = file.format.refusal { return .failure(refusal) }
        if file.format.kind == .video {
            return Result { () throws(PhotoProblem) in
                let facts: VideoInfo
                do throws(VideoProblem) { facts = try video.probe(url) } catch {
                    if case .toolMissing = error, let earlier, earlier.contentHash == contentHash,
                        earlier.video != nil
                    {
                        return current(earlier.info, video: earlier.video)
                    }
                    throw .video(error)
                }
                return current(Self.posterInfo(of: facts, format: file.format), video: facts)
            }
        }
        return Result { () throws(PhotoProblem) in
            let own = try imaging.inspect(url, format: file.format, budget: budget)
            var info = own
            if !raws.isEmpty, RawPairing.lacksCameraNotes(info.metadata) {
                let raw = raws.lazy.compactMap { raw in
                    try? imaging.inspect(
                        input.appendingPathComponent(raw.relativePath), format: raw.format, budget: budget)
                }.first
                if let raw { info.metadata = RawPairing.metadata(of: info.metadata, filledFrom: raw.metadata) }
            }
            return current(info, picture: info == own ? nil : own)
        }
    }

    /// Whether a header from the manifest is one a photo the read stage accepted could have:
    /// a size of at least a pixel a side, within this build's budget.
    private func isPlausible(_ info: PhotoInfo) -> Bool {
        let size = info.storedSize
        guard size.width > 0, size.height > 0 else { return false }
        do throws(PhotoProblem) { try budget.check(size) } catch { return false }
        return true
    }
}
