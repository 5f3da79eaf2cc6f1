import Foundation

extension SiteBuilder {
    /// What one published original is made from: the photo's content, how it is published
    /// and, for one re-encoded, its header (size, orientation, colour).
    struct OriginalRecipe: Encodable {
        var contentHash: String
        var policy: OriginalsPolicy
        var info: PhotoInfo
    }

    /// The originals this build offers, and what it has to say about them.
    struct OfferedOriginals: Sendable {
        /// The site path of each photo's original, by `PhotoFile.key`: only those in place.
        var paths: [String: String] = [:]
        /// Their products, by `PhotoFile.key` (a ZIP's fingerprint is made of them).
        var products: [String: Product] = [:]
        /// Originals published as-is with a GPS position, and originals that could not be made.
        var warnings: [MetadataWarning] = []
    }

    /// One photo's original: what to publish and how.
    struct OriginalJob: Sendable {
        var file: PhotoFile
        var info: PhotoInfo
        var policy: OriginalsPolicy
        var product: Product

        /// Whether it is made by re-encoding the photo (`stripped` of anything but a JPEG).
        var reencodes: Bool { policy == .stripped && file.format != .jpeg }
    }

    /// The encoding of an original re-encoded: JPEG at the highest quality, in sRGB.
    static let originalRequest = RenditionRequest(format: .jpeg, quality: 100, colour: .sRGB, avifEncoding: nil)

    /// An original as a product: its fingerprint is the digest of its recipe, with the
    /// imaging version for one the imaging port re-encodes.
    static func originalProduct(
        _ job: (file: PhotoFile, known: Manifest.KnownPhoto), _ original: OriginalsPlan.Original
    )
        -> Product
    {
        let reencodes = original.policy == .stripped && job.file.format != .jpeg
        return Product(
            path: original.path,
            fingerprint: Fingerprint.of(
                OriginalRecipe(
                    contentHash: job.known.contentHash, policy: original.policy, info: job.known.info.inRecipes),
                context: ["original"] + (reencodes ? [imagingVersion] : [])),
            kind: .original)
    }

    /// Makes the originals the plan offers that are missing or out of date; an as-is one is
    /// read every build, kept or not, so that its GPS warning is never lost.
    func makeOriginals(
        _ plan: OriginalsPlan, files: [PhotoFile], published: [String: Manifest.KnownPhoto], manifest: Manifest,
        writer: SiteWriter
    ) throws(BuildError) -> OfferedOriginals {
        let jobs: [OriginalJob] = files.compactMap { file in
            guard let original = plan.originals[file.key], let known = published[file.key] else { return nil }
            return OriginalJob(
                file: file, info: known.info, policy: original.policy,
                product: Self.originalProduct((file, known), original))
        }
        guard !jobs.isEmpty else { return OfferedOriginals() }
        let build = BuildPlan(
            products: jobs.map(\.product), manifest: manifest, force: run.force, isPresent: writer.isPresent)
        do { try writer.carry(build) } catch { throw .write(error) }
        let outcomes = parallelMap(jobs, jobs: run.jobs, stage: .rendering, progress: nil) {
            job -> Result<(offered: Bool, warning: String?), WriteError> in
            let makes = build.makes(job.product.path)
            guard makes || job.policy == .asIs else { return .success((true, nil)) }
            let made = makeOriginal(job)
            return Result { () throws(WriteError) in
                switch made {
                case .failure(let reason):
                    return (false, "its original is not offered: \(reason)")
                case .success(let (bytes, location)):
                    if makes { try writer.write(bytes, for: job.product) }
                    let warning = location.map {
                        "published as-is with a GPS position (\($0)): anyone who downloads it can read where it was taken; 'originals: stripped' publishes it without metadata"
                    }
                    return (true, warning)
                }
            }
        }
        var offered = OfferedOriginals()
        for (job, outcome) in zip(jobs, outcomes) {
            let result: (offered: Bool, warning: String?)
            do { result = try outcome.get() } catch { throw .write(error) }
            if result.offered {
                offered.paths[job.file.key] = job.product.path
                offered.products[job.file.key] = job.product
            }
            if let warning = result.warning {
                // An original offered with a warning is one with its GPS position.
                offered.warnings.append(
                    MetadataWarning(
                        file: job.file.relativePath, message: warning, kind: result.offered ? .location : .original))
            }
        }
        return offered
    }

    /// One original's bytes, and for an as-is one the GPS position it carries, if any.
    func makeOriginal(_ job: OriginalJob) -> Result<([UInt8], String?), OriginalFailure> {
        let url = input.appendingPathComponent(job.file.relativePath)
        if job.reencodes {
            let rendition = Rendition(
                role: .display, path: job.product.path, size: job.info.uprightSize, format: .jpeg)
            do throws(PhotoProblem) {
                let images = try imaging.makeRenditions(
                    of: url, info: job.info, renditions: [rendition], request: Self.originalRequest, budget: budget
                ).images
                guard let image = images.first else { return .failure(OriginalFailure("no image was made")) }
                return .success((image, nil))
            } catch {
                return .failure(OriginalFailure(error.description))
            }
        }
        let bytes: [UInt8]
        switch FileSystem.readFile(url.path) {
        case .success(let read): bytes = read
        case .failure(let failure): return .failure(OriginalFailure("cannot read it: \(failure)"))
        }
        if job.policy == .asIs {
            let location = MediaMetadata.findings(in: bytes, inflate: imaging.inflatePNGText).first {
                $0.kind == .location
            }
            return .success((bytes, location?.detail))
        }
        guard let stripped = JPEGStripping.strip(bytes, orientation: job.info.orientation.rawValue) else {
            return .failure(OriginalFailure("its JPEG segments cannot be read to the image data"))
        }
        return .success((stripped, nil))
    }

    /// Why an original could not be made, as the warning says it.
    struct OriginalFailure: Error, Sendable, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

extension SiteBuilder {
    /// One file of an album's ZIP: its name there, where its bytes are in the site, and the
    /// fingerprint of the product that made them.
    struct ArchiveEntry: Sendable, Encodable {
        var name: String
        var path: String
        var fingerprint: String
    }

    /// The ZIPs this build links, by album folder, and the ones it could not make.
    struct MadeArchives: Sendable {
        var paths: [String: String] = [:]
        var warnings: [MetadataWarning] = []
    }

    /// The files of an album's ZIP: each listed photo's original when offered, else its
    /// display JPEG; videos are left out. In the album's order.
    func archiveEntries(
        _ album: PlannedAlbum, offered: OfferedOriginals, published: [String: Manifest.KnownPhoto]
    ) -> [ArchiveEntry] {
        let request = RenditionRequest(configuration.images)
        return album.photos.compactMap { photo in
            guard photo.kind != .video else { return nil }
            let key = photo.source.key
            if let path = offered.paths[key], let product = offered.products[key] {
                return ArchiveEntry(name: Self.lastComponent(path), path: path, fingerprint: product.fingerprint)
            }
            guard let known = published[key] else { return nil }
            let display = photo.rendition(.display)
            let product = Self.imageProducts([display], of: known, request: request)[0]
            return ArchiveEntry(
                name: Self.lastComponent(display.path), path: display.path, fingerprint: product.fingerprint)
        }
    }

    private static func lastComponent(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// Makes the ZIP of every album that asks for one and has photos, when its set of files
    /// changed: its fingerprint is the digest of its entries' names and products, so a ZIP
    /// is rebuilt only when a photo comes, goes, moves or changes. Its files are read back
    /// from the site, where this build has just made or kept them.
    func makeArchives(
        _ plan: PagePlan, zips: Set<String>, offered: OfferedOriginals, published: [String: Manifest.KnownPhoto],
        manifest: Manifest, writer: SiteWriter
    ) throws(BuildError) -> MadeArchives {
        let albums = plan.allAlbums.filter { zips.contains($0.folder) }
        let wanted: [(folder: String, entries: [ArchiveEntry], product: Product)] = albums.compactMap { album in
            let entries = archiveEntries(album, offered: offered, published: published)
            guard !entries.isEmpty else { return nil }
            let product = Product(
                path: OriginalsPlan.zipPath(ofAlbumFolder: album.folder),
                fingerprint: Fingerprint.of(entries.map { [$0.name, $0.fingerprint] }, context: ["zip"]),
                kind: .archive)
            return (album.folder, entries, product)
        }
        guard !wanted.isEmpty else { return MadeArchives() }
        let build = BuildPlan(
            products: wanted.map(\.product), manifest: manifest, force: run.force, isPresent: writer.isPresent)
        do { try writer.carry(build) } catch { throw .write(error) }
        var made = MadeArchives()
        for archive in wanted {
            if build.makes(archive.product.path) {
                if let reason = writeArchive(archive.entries, as: archive.product, writer: writer) {
                    let index = archive.folder.isEmpty ? "index.md" : archive.folder + "/index.md"
                    made.warnings.append(
                        MetadataWarning(
                            file: index, message: "the album's ZIP is not offered: \(reason)", kind: .archive))
                    continue
                }
            }
            made.paths[archive.folder] = archive.product.path
        }
        return made
    }

    /// Writes one ZIP at its staging place, then moves it into place; the reason it could
    /// not, else nil.
    private func writeArchive(_ entries: [ArchiveEntry], as product: Product, writer: SiteWriter) -> String? {
        let staged: URL
        do { staged = try writer.stagingURL(for: product) } catch { return "cannot stage it: \(error)" }
        do throws(StoredZip.Failure) {
            var zip = try StoredZip(at: staged)
            for entry in entries {
                switch FileSystem.readFile(output.appendingPathComponent(entry.path).path) {
                case .success(let bytes): try zip.add(entry.name, bytes)
                case .failure(let failure):
                    unlink(staged.path)
                    return "cannot read \(entry.path): \(failure)"
                }
            }
            try zip.finish()
        } catch {
            unlink(staged.path)
            switch error {
            case .tooLarge: return "it would pass 4 GiB or 65 535 files, more than a ZIP without ZIP64 holds"
            case .cannotWrite(let reason): return reason
            }
        }
        do { try writer.place(staged, for: product) } catch { return "cannot place it: \(error)" }
        return nil
    }
}
