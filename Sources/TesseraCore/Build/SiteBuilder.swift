import Dispatch
import Foundation
import TesseraLayout

/// Runs a whole build, one stage after another: scan → read → name → images → pages → write.
///
/// Each stage takes plain values and hands plain values on; none reaches back. A photo that
/// fails to decode is left out of the page plan, never sent back to naming.
package struct SiteBuilder: Sendable {
    /// Bumped when the imaging pipeline changes its output, so images are made again.
    static let imagingVersion = "3"

    var input: URL
    var output: URL
    /// What site to make.
    var configuration: SiteConfiguration
    /// How this build runs.
    var run: RunOptions
    /// The look: templates, stylesheet, script, assets, page geometry.
    var theme: Theme
    var imaging: any ImageProcessing
    /// Probes videos, makes their web renditions and their poster frames.
    var video: any VideoProcessing
    /// Reads YAML front matter in `index.md` and sidecars.
    var documents: any DocumentParsing
    /// Renders album descriptions and sidecar captions.
    var markdown: any MarkdownRendering

    /// A build of `configuration`'s site with its theme: the built-in `theme:`, the
    /// `templates:` folder's files over it (a relative folder taken from the working folder),
    /// in the words of its `language:`. What loading it noticed is in `themeMessages`.
    ///
    /// - Throws: `BuildError` when the theme cannot be used (a template that does not parse,
    ///   a missing folder, an unknown theme, a broken `metrics.yaml` or words file).
    package init(
        input: URL, output: URL, configuration: SiteConfiguration, run: RunOptions, imaging: any ImageProcessing,
        video: any VideoProcessing, documents: any DocumentParsing, markdown: any MarkdownRendering
    ) throws(BuildError) {
        let folder = configuration.templatesFolder(
            relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let theme: Theme
        do throws(ThemeError) {
            theme = try Theme.site(configuration, folder: folder, documents: documents)
        } catch {
            throw .templates(error)
        }
        self.init(
            input: input, output: output, configuration: configuration, run: run, theme: theme, imaging: imaging,
            video: video, documents: documents, markdown: markdown)
    }

    init(
        input: URL, output: URL, configuration: SiteConfiguration, run: RunOptions, theme: Theme,
        imaging: any ImageProcessing, video: any VideoProcessing, documents: any DocumentParsing,
        markdown: any MarkdownRendering
    ) {
        self.input = input
        self.output = output
        self.configuration = configuration
        self.run = run
        self.theme = theme
        self.imaging = imaging
        self.video = video
        self.documents = documents
        self.markdown = markdown
    }

    /// What the pages show, from the configuration: titles, order, hiding.
    var pagePlanner: PagePlanner {
        PagePlanner(
            siteTitle: configuration.title, siteDescription: configuration.description,
            order: AlbumOrder(configuration), hidden: configuration.hidden.map { FilePattern($0) })
    }

    /// Where the justified grid places the tiles: the configuration's `layout` section.
    var layout: LayoutOptions { LayoutOptions(configuration.layout) }

    /// The pixel limit every photo is held to: the configuration's `images.max_megapixels`.
    var budget: PixelBudget { PixelBudget(configuration.images) }

    /// What loading the theme noticed, to tell before the build: a `language:` without
    /// words (the pages are in English), and names a template uses that no page model
    /// provides, partials that do not exist, blocked inline scripts and control characters
    /// dropped, each at its `file:line:column`.
    package var themeMessages: [BuildReport.Message] {
        let language = theme.unknownLanguage.map { [BuildReport.Message.warning($0, at: nil)] } ?? []
        return language
            + theme.warnings.map { .warning($0.message, at: "\($0.file):\($0.line):\($0.column)") }
    }

    /// How long a build waits for another build of the same output folder to finish.
    var lockTimeout = OutputLock.defaultTimeout

    /// Told how far each long video's encode has come (clips over
    /// `VideoProgress.minimumDuration`), from the encoding threads; nil for no reports.
    package var videoProgress: (@Sendable (VideoProgress) -> Void)?

    /// Builds the site and reports what it did. One bad photo never stops the build.
    ///
    /// Only one build writes an output folder at a time: this one waits (up to
    /// `lockTimeout`) while another holds it, and tells `waiting` so, in a sentence that
    /// names the other process and the wait (`another build (process 4242: tessera serve
    /// photos) is writing 'site'; waiting up to 30 s for it to finish`).
    ///
    /// - Throws: `BuildError` when the build cannot run at all: the input is missing, the
    ///   output is unsafe, unwritable or held by another build too long, a foreign file is
    ///   in the way, the manifest is unreadable or not Tessera's, or a template is broken.
    package func build(
        waiting: ((String) -> Void)? = nil, progress: (@Sendable (BuildProgress) -> Void)? = nil
    ) throws(BuildError) -> BuildReport {
        let started = DispatchTime.now()
        var clock = StageClock()
        do { try OutputLocation.validate(input: input.path, output: output.path) } catch { throw .write(error) }
        var scanner = CatalogScanner(
            root: input, ignore: configuration.ignorePatterns, followLinks: configuration.followLinks,
            heifEXIF: { [imaging] in imaging.exifBlock(ofHEIF: $0) })
        scanner.output = output
        scanner.themeFolder = configuration.templatesFolder(
            relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        // The input is checked before the output folder is locked (and so made), so a
        // mistyped input leaves no output folder behind.
        do { _ = try scanner.checkRoot() } catch { throw .scan(error) }
        let lock: OutputLock
        let waited = lockTimeout.components.seconds
        do {
            lock = try OutputLock(output: output, timeout: lockTimeout) { [output] holder in
                waiting?(
                    "another build (\(holder)) is writing '\(output.path)'; waiting up to \(waited) s for it to finish")
            }
        } catch {
            throw .write(error)
        }
        defer { lock.release() }
        clock.lap("lock")
        let key = FolderStamp.of(input.path, followLinks: configuration.followLinks).map(memoKey(inputStamp:))
        if var report = unchanged(BuildMemo.load(from: output), key: key) {
            clock.lap("memo")
            report.seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            report.stages = clock.laps
            return report
        }
        clock.lap("memo")
        let writer: SiteWriter
        do { writer = SiteWriter(output: output, previous: try Manifest.load(from: output)) } catch {
            throw .manifest(error)
        }
        // Before anything is written: a build killed from here on leaves no memo behind.
        BuildMemo.remove(from: output)
        // With the journal of a killed build replayed: what it finished counts as made.
        let manifest = writer.manifest
        clock.lap("manifest")
        // The scan finds copies by their digests, which the manifest knows for every photo
        // unchanged since the last build (`run.force` reads every file again).
        if !run.force { scanner.known = manifest.photos }
        let catalog: Catalog
        do { catalog = try scanner.scan() } catch { throw .scan(error) }
        let metadata = SiteMetadata.read(
            catalog,
            contents: { path in FileSystem.readFile(input.appendingPathComponent(path).path, limit: TextFile.maxBytes)
            },
            documents: documents, markdown: markdown, allowHTML: configuration.allowHTML)
        clock.lap("scan")
        writer.removeLeftoverTemporaries(exclusive: lock.isExclusive)

        let reading = read(
            catalog.allPhotos, rawCompanions: catalog.rawCompanions, liveMotions: catalog.liveMotions,
            inodes: catalog.inodes, changes: catalog.changes, manifest: manifest, progress: progress)
        if let fault = reading.fault { throw fault }
        clock.lap("read")
        let offsets = ClockOffsets(reading.known.values.map(\.info))
        let named = NamingPlanner(
            targets: RenditionLadder(configuration.images).targets,
            format: RenditionRequest(configuration.images).format,
            alternatives: configuration.images.formats
        )
        .plan(
            catalog, infos: reading.known.mapValues(\.info),
            motions: Set(reading.known.filter { $0.value.motion?.info != nil }.keys))
        // Only album cards offer the 0.5x thumbnail, so only the photos that would be
        // covers if every readable photo is published get it (one that takes over from a
        // cover that fails to decode offers its 1x and 2x files instead).
        let naming = named.keepingCoverOnlyRenditions(
            of: pagePlanner.plan(
                catalog, naming: named, published: reading.known.mapValues { Self.pageInfo(of: $0, offsets: offsets) },
                metadata: metadata
            )
            .coverKeys)
        let images = try makeImages(
            catalog.allPhotos, reading: reading, naming: naming, manifest: manifest, writer: writer,
            progress: progress)
        let failed = images.failed
        clock.lap("images")
        var published = reading.known.filter { failed[$0.key] == nil }
        // A photo published from its RAW is said to be every build its images stand; one
        // whose images were made again from itself no longer is.
        for key in images.remade { published[key]?.fromRaw = images.fromRaw[key] }
        let originals = OriginalsPlan(
            catalog, naming: naming, metadata: metadata, originals: configuration.originals, zip: configuration.zip)
        let offered = try makeOriginals(
            originals, files: catalog.allPhotos, published: published, manifest: manifest, writer: writer)
        clock.lap("originals")
        var pages = pagePlanner.plan(
            catalog, naming: naming, published: published.mapValues { Self.pageInfo(of: $0, offsets: offsets) },
            metadata: metadata,
            videos: plannedVideos(published, naming: naming),
            motions: plannedMotions(published, naming: naming, failed: images.motionless))
        pages.offer(originals: offered.paths)
        let archives = try makeArchives(
            pages, zips: originals.zips, offered: offered, published: published, manifest: manifest, writer: writer)
        pages.offer(originals: offered.paths, archives: archives.paths)
        let layouts = AlbumLayouts(
            pages, options: layout, metrics: metrics, known: manifest.layouts ?? [:], generator: run.generator,
            jobs: run.jobs, pageSize: configuration.layout.pageSize)
        let (albumPages, feed) = try writePages(pages, layouts: layouts, manifest: manifest, writer: writer)
        clock.lap("pages")
        let written: WriteReport
        do {
            written = try writer.finish(
                photos: published, layouts: layouts.known, albumPages: albumPages, feed: feed)
        } catch {
            throw .write(error)
        }
        clock.lap("finish")

        let skipped = catalog.namingCompanions(in: reading.problems.merging(failed.mapValues(\.description)) { $1 })
        let videos = pages.allPhotos.filter { $0.video != nil }.count
        let report = BuildReport(
            photos: pages.allPhotos.count - videos, videos: videos, albums: pages.allAlbums.count,
            skipped: catalog.allPhotos.compactMap { file in
                skipped[file.key].map { BuildReport.Skipped(path: file.relativePath, reason: $0) }
            } + catalog.refused.map { BuildReport.Skipped(path: $0.relativePath, reason: $0.reason) },
            generated: written.generated, reused: written.reused, removed: written.removed.count,
            seconds: Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9,
            ignored: catalog.ignored + metadata.unmatched,
            notes: catalog.notes
                + catalog.allPhotos.flatMap { file in
                    (images.notes[file.key] ?? []).map { IgnoredFile(relativePath: file.relativePath, reason: $0) }
                }, stages: clock.laps,
            excluded: catalog.excluded,
            warnings: metadata.warnings + pages.warnings + offered.warnings + archives.warnings
                + Self.motionWarnings(catalog, published: published, failed: images.motionless)
                + Self.rawFallbackWarnings(catalog, fromRaw: published.compactMapValues(\.fromRaw)),
            unreadable: catalog.unreadable + metadata.unreadable, folded: catalog.folded,
            kept: catalog.allPhotos.compactMap { file in
                images.kept[file.key].map {
                    BuildReport.Skipped(path: file.relativePath, reason: "\($0); kept as the last build published it")
                }
            })
        // A still left without its motion for want of ffmpeg (or by a reading that failed)
        // is tried again next time, as a video kept for want of ffmpeg is.
        let motionRetried =
            !images.motionless.isEmpty || published.values.contains { $0.motion?.isWorthReadingAgain == true }
        remember(report, key: key, inputNotes: catalog.notes, retrying: motionRetried)
        return report
    }
}
