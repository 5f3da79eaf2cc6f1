import Foundation

extension SiteBuilder {
    /// What one image is made from: the photo's content and header, the rendition's size and
    /// format, and the encoding settings. Renaming or touching a photo does not change it.
    struct ImageRecipe: Encodable {
        var contentHash: String
        var info: PhotoInfo
        var size: PixelSize
        var format: RenditionFormat
        var request: RenditionRequest
    }

    /// Makes the images (and videos, and stills' motions) that are missing or out of date,
    /// and returns the photos that could not be decoded and the stills whose motion could
    /// not be made (published as stills), by `PhotoFile.key`.
    func makeImages(
        _ files: [PhotoFile], reading: Reading, naming: NamingPlan, manifest: Manifest, writer: SiteWriter,
        progress: (@Sendable (BuildProgress) -> Void)?
    ) throws(BuildError) -> (failed: [String: PhotoProblem], motionless: [String: String]) {
        let request = RenditionRequest(configuration.images)
        let engine = videoEngine(for: files, reading: reading)
        var failed: [String: PhotoProblem] = [:]
        let jobs: [ImageJob] = files.compactMap { file in
            guard let known = reading.known[file.key], let names = naming.photos[file.key] else { return nil }
            var job = ImageJob(
                file: file, info: known.info, renditions: names.files,
                products: Self.imageProducts(names.files, of: known, request: request))
            if let facts = known.video, let path = names.video {
                switch engine {
                case .failure(let problem):
                    failed[file.key] = .video(problem)
                    return nil
                case .success(let version):
                    job.products = Self.imageProducts(names.files, of: known, request: request, poster: version)
                    job.video = VideoJob(
                        info: facts, rendition: videoRendition,
                        product: Self.videoProduct(
                            path, of: known, facts: facts, rendition: videoRendition, engine: version))
                }
            }
            job.motion = Self.motionJob(known, path: names.motion, engine: engine)
            return job
        }
        let plan = BuildPlan(
            products: jobs.flatMap(\.allProducts), manifest: manifest, force: run.force,
            isPresent: writer.isPresent)
        // The headers read go into the manifest with the plan: a killed build's next run
        // need not read them again.
        do { try writer.carry(plan, photos: reading.known) } catch { throw .write(error) }

        let outcomes = parallelMap(jobs, jobs: run.jobs, stage: .rendering, progress: progress) {
            job -> Result<(PhotoProblem?, PhotoProblem?), WriteError> in
            let wanted = zip(job.renditions, job.products).filter { plan.makes($0.1.path) }
            if let clip = job.video, plan.makes(clip.product.path) {
                do throws(PhotoProblem) { try makeVideo(job, clip, writer: writer) } catch {
                    return .success((error, nil))
                }
            }
            // A motion that cannot be made leaves the still, published alone.
            var motionProblem: PhotoProblem?
            if let motion = job.motion, plan.makes(motion.clip.product.path) {
                do throws(PhotoProblem) { try makeMotion(job, motion, writer: writer) } catch { motionProblem = error }
            }
            guard !wanted.isEmpty else { return .success((nil, motionProblem)) }
            let asked = Self.renditionsToMake(wanted.map(\.0), of: job.renditions)
            let images: [[UInt8]]
            do throws(PhotoProblem) {
                if let clip = job.video {
                    images = try makePosters(job, clip, renditions: asked, request: request)
                } else {
                    images = try imaging.makeRenditions(
                        of: input.appendingPathComponent(job.file.relativePath), info: job.info, renditions: asked,
                        request: request, budget: budget)
                }
            } catch {
                return .success((error, motionProblem))
            }
            return Result { () throws(WriteError) in
                // `asked` starts with `wanted`, in order; the rest are not written.
                for ((_, product), bytes) in zip(wanted, images) { try writer.write(bytes, for: product) }
                return (nil, motionProblem)
            }
        }
        var motionless: [String: String] = [:]
        for (job, outcome) in zip(jobs, outcomes) {
            // A photo that cannot be decoded is skipped; a file that cannot be written stops the build.
            let problems: (PhotoProblem?, PhotoProblem?)
            do { problems = try outcome.get() } catch { throw .write(error) }
            if let problem = problems.0 { failed[job.file.key] = problem }
            if let problem = problems.1 { motionless[job.file.key] = problem.description }
        }
        // Without ffmpeg a still's motion cannot be made: it is published alone.
        if case .failure(let problem) = engine {
            for job in jobs where reading.known[job.file.key]?.motion?.info != nil {
                motionless[job.file.key] = PhotoProblem.video(problem).description
            }
        }
        return (failed, motionless)
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

    /// A photo's image files as products: each fingerprint is the digest of its recipe.
    /// A video's poster images are fingerprinted the same way, with the version of the
    /// ffmpeg that takes the frame (`poster`).
    static func imageProducts(
        _ files: [Rendition], of photo: Manifest.KnownPhoto, request: RenditionRequest, poster: String? = nil
    ) -> [Product] {
        files.map { rendition in
            Product(
                path: rendition.path,
                fingerprint: Fingerprint.of(
                    ImageRecipe(
                        contentHash: photo.contentHash, info: photo.info, size: rendition.size,
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

        /// The images, then the video or the motion.
        var allProducts: [Product] {
            products + (video.map { [$0.product] } ?? []) + (motion.map { [$0.clip.product] } ?? [])
        }
    }
}
