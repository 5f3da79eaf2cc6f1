import Dispatch
import Foundation

/// Runs a whole build: scan → plan → image → layout → render → write.
public struct SiteBuilder: Sendable {
    /// Bumped when the imaging pipeline changes its output, so images are made again.
    public static let imagingVersion = "3"

    public var input: URL
    public var output: URL
    public var settings: BuildSettings
    public var layout: LayoutOptions
    public var templates: TemplateSet
    public var imaging: any ImageProcessing

    public init(
        input: URL, output: URL, settings: BuildSettings, layout: LayoutOptions,
        templates: TemplateSet, imaging: any ImageProcessing
    ) {
        self.input = input
        self.output = output
        self.settings = settings
        self.layout = layout
        self.templates = templates
        self.imaging = imaging
    }

    /// Builds the site and reports what it did. One bad photo never stops the build.
    ///
    /// - Throws: `BuildError` when the build cannot run at all (missing input, unsafe
    ///   output location, a foreign file in the way, an unwritable output folder).
    public func build(progress: (@Sendable (BuildProgress) -> Void)? = nil) throws(BuildError) -> BuildReport {
        let started = DispatchTime.now()
        var clock = StageClock()
        try OutputLocation.validate(input: input.path, output: output.path)
        let catalog = try CatalogScanner(root: input).scan()
        clock.lap("scan")
        let previous = try Manifest.load(from: output)
        clock.lap("manifest")
        let writer = SiteWriter(output: output, previous: previous)
        writer.removeLeftoverTemporaries()
        var skipped: [String: String] = [:]

        // Read every photo's header (or reuse it from the manifest).
        let files = catalog.allPhotos
        let inspected = parallelMap(files, stage: .reading, progress: progress) { file in
            inspect(file, known: settings.force ? nil : previous.photos[file.key])
        }
        var known: [String: Manifest.KnownPhoto] = [:]
        let limit = settings.maxMegapixels * 1_000_000
        for (file, result) in zip(files, inspected) {
            switch result {
            case .success(let photo) where photo.info.storedSize.pixelCount > limit:
                skipped[file.key] = PhotoProblem.tooLarge(
                    photo.info.storedSize, limitMegapixels: settings.maxMegapixels).description
            case .success(let photo):
                known[file.key] = photo
            case .failure(let problem):
                skipped[file.key] = problem.description
            }
        }
        let contentHashes = known.mapValues(\.contentHash)

        clock.lap("read")

        // Make the images that are missing or out of date.
        let planner = SitePlanner(settings: settings)
        var plan = planner.plan(catalog, infos: known.mapValues(\.info))
        let photos = plan.allPhotos
        let imagePrints = photos.map { photo in
            photo.renditions.map { fingerprint(photo, contentHash: contentHashes[photo.source.key] ?? "", $0) }
        }
        var pagePrints = PageFingerprints(
            plan: plan, generator: settings.generator, templates: templates, layout: layout,
            contentHashes: contentHashes)
        // Before anything is written, the manifest learns what this build may write or change.
        try writer.claim(
            zip(photos, imagePrints).flatMap { photo, prints in
                zip(photo.renditions, prints).map { (path: $0.path, fingerprint: $1) }
            } + pagePrints.pages(of: plan) + [(SiteRenderer.stylesheetPath, templates.fingerprint)])
        let counts = Counter()
        let rendered = parallelMap(Array(zip(photos, imagePrints)), stage: .rendering, progress: progress) { job in
            Result { () throws(BuildError) in
                try makeImages(job.0, prints: job.1, writer: writer, counts: counts)
            }
        }
        var undecodable = 0
        for (photo, outcome) in zip(photos, rendered) {
            // A photo that cannot be decoded is skipped; a file that cannot be written stops the build.
            guard let problem = try outcome.get() else { continue }
            skipped[photo.source.key] = problem.description
            known[photo.source.key] = nil
            undecodable += 1
        }
        if undecodable > 0 {
            // Without the photos that failed, albums' pages change once more.
            plan = planner.plan(catalog, infos: known.mapValues(\.info))
            pagePrints = PageFingerprints(
                plan: plan, generator: settings.generator, templates: templates, layout: layout,
                contentHashes: contentHashes)
            try writer.claim(pagePrints.pages(of: plan))
        }

        clock.lap("images")

        // Lay out and write the pages, albums in parallel; an album whose fingerprint is
        // unchanged and whose pages are all there is not even rendered.
        let renderer = SiteRenderer(templates: templates, layout: layout)
        let siteTitle = plan.root.title
        // A page is written only when its bytes differ from what is on disk.
        @Sendable func write(_ text: String, _ path: String, fingerprint: String) throws(BuildError) {
            let changed = try writer.write(Array(text.utf8), to: path, fingerprint: fingerprint)
            counts.add(generated: changed ? 1 : 0, reused: changed ? 0 : 1)
        }
        try write(renderer.stylesheet(), SiteRenderer.stylesheetPath, fingerprint: templates.fingerprint)
        let albumPrints = pagePrints
        let pages = parallelMap(plan.allAlbums, stage: .pages, progress: nil) { album in
            Result { () throws(BuildError) in
                let print = albumPrints[album]
                let albumPages = album.pages
                if !settings.force, albumPages.allSatisfy({ writer.isUpToDate($0, fingerprint: print) }) {
                    for path in albumPages { writer.keep(path, fingerprint: print) }
                    counts.add(generated: 0, reused: albumPages.count)
                    return
                }
                try write(try renderer.albumPage(album, siteTitle: siteTitle), album.page, fingerprint: print)
                for index in album.photos.indices {
                    try write(
                        try renderer.photoPage(album, index: index, siteTitle: siteTitle),
                        album.photos[index].page, fingerprint: print)
                }
            }
        }
        for outcome in pages { try outcome.get() }
        clock.lap("pages")
        let removed = writer.removeStale()
        try writer.saveManifest(photos: known)
        clock.lap("finish")

        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return BuildReport(
            photos: plan.allPhotos.count, albums: plan.allAlbums.count,
            skipped: files.compactMap { file in
                skipped[file.key].map { BuildReport.Skipped(path: file.relativePath, reason: $0) }
            } + catalog.refused.map { BuildReport.Skipped(path: $0.relativePath, reason: $0.reason) },
            generated: counts.generated, reused: counts.reused, removed: removed.count,
            seconds: seconds, ignored: catalog.ignored, stages: clock.laps)
    }

    /// Renders and writes the photo's images unless all are up to date with `prints`.
    private func makeImages(
        _ photo: PlannedPhoto, prints: [String], writer: SiteWriter, counts: Counter
    ) throws(BuildError) -> PhotoProblem? {
        let renditions = photo.renditions
        if !settings.force, zip(renditions, prints).allSatisfy({ writer.isUpToDate($0.path, fingerprint: $1) }) {
            for (rendition, print) in zip(renditions, prints) { writer.keep(rendition.path, fingerprint: print) }
            counts.add(generated: 0, reused: renditions.count)
            return nil
        }
        let url = input.appendingPathComponent(photo.source.relativePath)
        let images: [[UInt8]]
        do throws(PhotoProblem) {
            images = try imaging.render(url, info: photo.info, sizes: renditions.map(\.size), quality: settings.quality)
        } catch {
            return error
        }
        for ((rendition, print), bytes) in zip(zip(renditions, prints), images) {
            try writer.write(bytes, to: rendition.path, fingerprint: print)
        }
        counts.add(generated: renditions.count, reused: 0)
        return nil
    }

    /// What an image is made from: the photo's content, orientation and the settings that
    /// shape it. Renaming or touching a photo does not change it; editing it does.
    private func fingerprint(_ photo: PlannedPhoto, contentHash: String, _ rendition: Rendition) -> String {
        var hash = StableHash()
        for part in [
            Self.imagingVersion, contentHash, "\(photo.info.orientation.rawValue)",
            "\(rendition.size)", "q\(settings.quality)",
        ] {
            hash.combine(part)
        }
        return hash.hexDigest
    }

    /// The photo's header and content hash: taken from the manifest when its size and time
    /// are unchanged, or when its content is (a touched or copied file); read otherwise.
    private func inspect(_ file: PhotoFile, known: Manifest.KnownPhoto?) -> Result<Manifest.KnownPhoto, PhotoProblem> {
        if let known, known.byteCount == file.byteCount, known.modified == file.modified {
            return .success(known)
        }
        let url = input.appendingPathComponent(file.relativePath)
        guard let contentHash = ContentHash.ofFile(at: url.path) else {
            return .failure(.unreadable("the file could not be opened"))
        }
        func current(_ info: PhotoInfo) -> Manifest.KnownPhoto {
            Manifest.KnownPhoto(byteCount: file.byteCount, modified: file.modified, contentHash: contentHash, info: info)
        }
        if let known, known.contentHash == contentHash { return .success(current(known.info)) }
        return Result { () throws(PhotoProblem) in current(try imaging.inspect(url, format: file.format)) }
    }

    /// Applies `transform` to every element with at most `settings.jobs` at once, in order.
    private func parallelMap<Element: Sendable, Result: Sendable>(
        _ elements: [Element], stage: BuildProgress.Stage,
        progress: (@Sendable (BuildProgress) -> Void)?,
        _ transform: @escaping @Sendable (Element) -> Result
    ) -> [Result] {
        let results = ResultSlots<Result>(count: elements.count)
        let workers = max(1, min(settings.jobs, elements.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = results.nextIndex() {
                results.store(transform(elements[index]), at: index)
                progress?(BuildProgress(stage: stage, done: results.doneCount, total: elements.count))
            }
        }
        return results.values
    }
}

/// Thread-safe tallies of files written and reused.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var generated = 0
    private(set) var reused = 0

    func add(generated g: Int, reused r: Int) {
        lock.withLock {
            generated += g
            reused += r
        }
    }
}

/// Results of a parallel map, filled in by workers taking the next index in turn.
final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]
    private var next = 0
    private var done = 0

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func nextIndex() -> Int? {
        lock.withLock {
            guard next < slots.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func store(_ value: Value, at index: Int) {
        lock.withLock {
            slots[index] = value
            done += 1
        }
    }

    var doneCount: Int { lock.withLock { done } }
    var values: [Value] { lock.withLock { slots.map { $0! } } }
}
