import Foundation

extension SiteBuilder {
    /// What one image is made from: the photo's content and header, the rendition's size and
    /// format, and the encoding settings. Renaming or touching a photo does not change it,
    /// nor do the notes a RAW folded into it lends (`Manifest.KnownPhoto.imageInfo`).
    struct ImageRecipe: Encodable {
        var contentHash: String
        var info: PhotoInfo
        var size: PixelSize
        var format: RenditionFormat
        var request: RenditionRequest
    }

    /// What the image stage did not make as asked, by `PhotoFile.key`.
    struct ImageOutcome: Sendable {
        /// The photos and videos that could not be made: they are left off the site.
        var failed: [String: PhotoProblem] = [:]
        /// The videos that could not be made again because ffmpeg is missing, published with
        /// the files an earlier build made of them.
        var kept: [String: VideoProblem] = [:]
        /// The stills whose motion could not be made, with why: published as stills.
        var motionless: [String: String] = [:]
        /// What the imaging port said of how it made a photo's images (a camera raw
        /// developed although it has a preview, and why), by `PhotoFile.key`: `--verbose` notes.
        var notes: [String: [String]] = [:]
        /// The stills that cannot be decoded, published from their RAWs, with what to say.
        var fromRaw: [String: String] = [:]
        /// The photos whose images this build made (from the photo or its RAW), by key.
        var remade: Set<String> = []
    }

    /// Makes the images (and videos, and stills' motions) that are missing or out of date,
    /// and says which photos could not be decoded, which videos keep an earlier build's files
    /// and which stills' motions could not be made.
    func makeImages(
        _ files: [PhotoFile], reading: Reading, naming: NamingPlan, manifest: Manifest, writer: SiteWriter,
        progress: (@Sendable (BuildProgress) -> Void)?
    ) throws(BuildError) -> ImageOutcome {
        let request = RenditionRequest(configuration.images)
        let engine = videoEngine(for: files, reading: reading)
        var outcome = ImageOutcome()
        var keptProducts: [Product] = []
        let jobs: [ImageJob] = files.compactMap { file in
            guard let known = reading.known[file.key], let names = naming.photos[file.key] else { return nil }
            var job = ImageJob(
                file: file, info: known.info, renditions: names.files,
                products: Self.imageProducts(names.files, of: known, request: request), raws: known.raws ?? [])
            if let facts = known.video, let path = names.video {
                switch engine {
                case .failure(let problem) where problem.isMachineFault:
                    // Stopped below: no clip is to blame.
                    return nil
                case .failure(let problem):
                    if case .toolMissing = problem,
                        let earlier = Self.publishedEarlier(names.files.map(\.path), video: path, in: manifest, writer)
                    {
                        // Nothing of it is made: its files stay as they are, owned by this build.
                        keptProducts += earlier
                        outcome.kept[file.key] = problem
                        return nil
                    }
                    outcome.failed[file.key] = .video(problem)
                    return nil
                case .success(let version):
                    job.products = Self.imageProducts(
                        names.files, of: known, request: request, poster: Self.posterContext(version, facts))
                    job.video = VideoJob(
                        info: facts, rendition: videoRendition,
                        product: Self.videoProduct(
                            path, of: known, facts: facts, rendition: videoRendition, engine: version))
                }
            }
            job.motion = Self.motionJob(known, path: names.motion, engine: engine)
            return job
        }
        if case .failure(let problem) = engine, problem.isMachineFault { throw .video(problem) }
        var planned = BuildPlan(
            products: jobs.flatMap(\.allProducts), manifest: manifest, force: run.force,
            isPresent: writer.isPresent)
        planned.keep += keptProducts
        // The headers read go into the manifest with the plan: a killed build's next run
        // need not read them again. Images of renamed or moved photos are linked into place
        // here, and any that could not be are made.
        let plan: BuildPlan
        do { plan = try writer.carry(planned, photos: reading.known) } catch { throw .write(error) }

        // Costliest first, so that no core is left alone with a video or a large photo at
        // the end; the outcomes go back into the files' order.
        let order = jobs.indices.sorted { (jobs[$0].cost, $1) > (jobs[$1].cost, $0) }
        let made = parallelMap(order, jobs: run.jobs, stage: .rendering, progress: progress) { index in
            make(jobs[index], plan: plan, request: request, writer: writer)
        }
        var outcomes = made
        for (position, index) in order.enumerated() { outcomes[index] = made[position] }
        for (job, result) in zip(jobs, outcomes) {
            // A photo that cannot be decoded is skipped; a file that cannot be written, or a
            // video tool that fails for the machine's sake, stops the build.
            let made = try result.get()
            if let problem = made.failed { outcome.failed[job.file.key] = problem }
            if let problem = made.motionProblem { outcome.motionless[job.file.key] = problem.description }
            if !made.notes.isEmpty { outcome.notes[job.file.key] = made.notes }
            if let message = made.fromRaw { outcome.fromRaw[job.file.key] = message }
            if made.madeImages { outcome.remade.insert(job.file.key) }
        }
        // Without ffmpeg a still's motion cannot be made: it is published alone.
        if case .failure(let problem) = engine {
            for job in jobs where reading.known[job.file.key]?.motion?.info != nil {
                outcome.motionless[job.file.key] = PhotoProblem.video(problem).description
            }
        }
        return outcome
    }

    /// What became of one job: why it could not be made, why its motion could not, the
    /// imaging port's notes, and what to say when a still was published from its RAW.
    struct JobOutcome: Sendable {
        var failed: PhotoProblem?
        var motionProblem: PhotoProblem?
        var notes: [String] = []
        var fromRaw: String?
        /// Whether any of its images were made.
        var madeImages = false
    }

    /// Makes one job's files the plan makes: the images (a video's poster, or a still's,
    /// from its RAW when the still cannot be decoded), then a video's web rendition, then
    /// the images are written, then a still's motion.
    private func make(
        _ job: ImageJob, plan: BuildPlan, request: RenditionRequest, writer: SiteWriter
    ) -> Result<JobOutcome, BuildError> {
        let wanted = zip(job.renditions, job.products).filter { plan.makes($0.1.path) }
        var made = JobOutcome()
        var images: [[UInt8]] = []
        if !wanted.isEmpty {
            let asked = Self.renditionsToMake(wanted.map(\.0), of: job.renditions)
            do throws(PhotoProblem) {
                if let clip = job.video {
                    images = try makePosters(job, clip, renditions: asked, request: request)
                } else {
                    do throws(PhotoProblem) {
                        (images, made.notes) = try imaging.makeRenditions(
                            of: input.appendingPathComponent(job.file.relativePath), info: job.info,
                            renditions: asked, request: request, budget: budget)
                    } catch {
                        guard let developed = developedFromRaw(job, renditions: asked, request: request) else {
                            throw error
                        }
                        images = developed.images
                        made.fromRaw =
                            "cannot be decoded (\(error)); published from \(developed.raw.fileName), its RAW, "
                            + "until it is copied again"
                    }
                }
            } catch {
                if let fault = Self.machineFault(error, making: nil) { return .failure(fault) }
                return .success(JobOutcome(failed: error))
            }
            made.madeImages = true
        }
        // A video's web rendition once its poster is made (a clip whose frame cannot be
        // taken was encoded in full, minutes for a long one, then left unlinked), and the
        // poster written once the video is (one that cannot be encoded leaves none).
        if let clip = job.video, plan.makes(clip.product.path) {
            do throws(PhotoProblem) { try makeVideo(job, clip, writer: writer) } catch {
                let file = writer.output.appendingPathComponent(clip.product.path)
                if let fault = Self.machineFault(error, making: file) { return .failure(fault) }
                return .success(JobOutcome(failed: error))
            }
        }
        do throws(WriteError) {
            // `asked` starts with `wanted`, in order; the rest are not written.
            for ((_, product), bytes) in zip(wanted, images) { try writer.write(bytes, for: product) }
        } catch {
            return .failure(.write(error))
        }
        // The still's motion once the still is made: a still that cannot be decoded had
        // its motion made anyway, published with no page to play it. A motion that cannot
        // be made leaves the still, published alone.
        if let motion = job.motion, plan.makes(motion.clip.product.path) {
            do throws(PhotoProblem) { try makeMotion(job, motion, writer: writer) } catch {
                let file = writer.output.appendingPathComponent(motion.clip.product.path)
                if let fault = Self.machineFault(error, making: file) { return .failure(fault) }
                made.motionProblem = error
            }
        }
        return .success(made)
    }

    /// A video's files as an earlier build published them (its poster images, then its
    /// MP4), with the fingerprints the manifest has for them: nil unless every one is in the
    /// manifest and still in the output folder.
    static func publishedEarlier(
        _ posters: [String], video: String, in manifest: Manifest, _ writer: SiteWriter
    ) -> [Product]? {
        var products: [Product] = []
        for (path, kind) in posters.map({ ($0, Product.Kind.image) }) + [(video, .video)] {
            guard let made = manifest.files[path], writer.isPresent(path) else { return nil }
            products.append(Product(path: path, fingerprint: made.fingerprint, kind: kind))
        }
        return products
    }

    /// What to ask the imaging port for when only `wanted` of a photo's renditions are to be
    /// made: those first, then one JPEG of each size of the photo none of them has. Each
    /// size is resized from the one above it, so the pixels of a size depend on every size
    /// of the photo; asking for all of them keeps an image made alone (after a kill, or
    /// because it was deleted) byte for byte what a clean build makes. The extra ones are
    /// not written.
    static func renditionsToMake(_ wanted: [Rendition], of all: [Rendition]) -> [Rendition] {
        var sizes = Set(wanted.map(\.size))
        var asked = wanted
        for rendition in all where !sizes.contains(rendition.size) {
            sizes.insert(rendition.size)
            asked.append(all.first { $0.size == rendition.size && $0.format == .jpeg } ?? rendition)
        }
        return asked
    }

    /// What a poster's fingerprint holds beside its recipe: the ffmpeg that takes the frame;
    /// for SDR in BT.2020's gamut, that its colours are converted (they were not before); for
    /// a clip that names its primaries or transfer, that its frame is taken as sRGB (ffmpeg
    /// wrote them into the PNG as cHRM and gAMA, by which the photo pipeline converted the
    /// frame again: a BT.709 grey 128 became 139).
    static func posterContext(_ engine: String, _ facts: VideoInfo) -> String {
        var context = facts.hasWideGamutSDR ? engine + " bt2020-to-bt709" : engine
        if facts.video.primaries != nil || facts.video.transferName != nil { context += " frame-as-srgb" }
        return context
    }

    /// A photo's image files as products: each fingerprint is the digest of its recipe.
    /// A video's poster images are fingerprinted the same way, with the version of the
    /// ffmpeg that takes the frame (`poster`).
    static func imageProducts(
        _ files: [Rendition], of photo: Manifest.KnownPhoto, request: RenditionRequest, poster: String? = nil
    ) -> [Product] {
        let info = photo.imageInfo.inRecipes
        return files.map { rendition in
            Product(
                path: rendition.path,
                fingerprint: Fingerprint.of(
                    ImageRecipe(
                        contentHash: photo.contentHash, info: info, size: rendition.size,
                        format: rendition.format, request: request.only(rendition.format)),
                    context: [imagingVersion] + (poster.map { ["poster", $0] } ?? [])), kind: .image)
        }
    }

    /// One photo's images: what to decode and what to make of it.
    struct ImageJob: Sendable {
        var file: PhotoFile
        var info: PhotoInfo
        /// The photo's distinct files, largest first.
        var renditions: [Rendition]
        /// The same files as products, with their fingerprints.
        var products: [Product]
        /// A video's web rendition; nil for a photo.
        var video: VideoJob?
        /// A still's motion; nil for a still without one, and for a video.
        var motion: MotionJob?
        /// The RAWs folded into a still (`Catalog.rawCompanions`): developed in its place
        /// when it cannot be decoded.
        var raws: [PhotoFile] = []

        /// What making it costs, roughly, to start the costliest first: a video's
        /// seconds count as a large photo each (a second of 1080p takes longer to encode
        /// than a 12-megapixel photo's images), a photo's pixels as they are.
        var cost: Int {
            let seconds = (video?.info.duration ?? 0) + (motion?.clip.info.duration ?? 0)
            let counted = seconds.isFinite ? max(0, min(seconds, 1e6)) : 0
            return info.storedSize.pixelCount + Int(counted * 12e6)
        }

        /// The images, then the video or the motion.
        var allProducts: [Product] {
            products + (video.map { [$0.product] } ?? []) + (motion.map { [$0.clip.product] } ?? [])
        }
    }
}
