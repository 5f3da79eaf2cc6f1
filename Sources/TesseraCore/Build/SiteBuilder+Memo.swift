import Foundation

extension SiteBuilder {
    /// The digest of everything a build is made from but the output folder: the input
    /// folder's `FolderStamp` (`inputStamp`), the configuration, the theme (templates,
    /// stylesheets, script, assets, metrics, words), this build of Tessera (`run.generator`
    /// names its executable; its image and header reading), the time zone (whose clock
    /// dates a clip known only in UTC, and a file's own time) and the folders themselves.
    func memoKey(inputStamp: String) -> String {
        var hash = StableHash()
        for part in [
            String(BuildMemo.currentVersion), Self.imagingVersion, String(Manifest.KnownPhoto.headerReadingNow),
            TimeZone.current.identifier, run.generator, input.standardizedFileURL.path,
            output.standardizedFileURL.path, inputStamp, Fingerprint.of(configuration, context: []), theme.name,
            theme.folder ?? "", theme.fingerprint, theme.baseStylesheet, theme.stylesheet, theme.script,
            ReflectedDigest.of(theme.metrics), ReflectedDigest.of(theme.words),
        ] {
            hash.combine(part)
        }
        for (path, bytes) in theme.assets.sorted(by: { $0.key < $1.key }) {
            hash.combine(path)
            hash.combine(ContentHash.of(Data(bytes)))
        }
        return hash.hexDigest
    }

    /// The last build's report, when its memo holds: nothing in the input, the settings,
    /// the theme or the output folder changed since, so there is nothing to do.
    func unchanged(_ memo: BuildMemo?, key: String?) -> BuildReport? {
        guard !run.force, let memo, let key, memo.key == key, memo.holds(in: output) else { return nil }
        if let engine = memo.videoEngine, (try? video.engineVersion()) != engine { return nil }
        return memo.replayed
    }

    /// Leaves a memo of this build for the next one, when it skipped nothing that might
    /// come out otherwise next time (a photo that failed, a video kept for want of ffmpeg,
    /// a folder that could not be read, a still's motion not read or made: `retrying`). Of
    /// its notes only the input's (`inputNotes`, the scan's) are replayed: a note on work
    /// done, such as a RAW developed for want of a large enough preview, is not news when
    /// nothing is done.
    func remember(_ report: BuildReport, key: String?, inputNotes: [IgnoredFile], retrying: Bool = false) {
        guard let key, !retrying, report.skipped.isEmpty, report.kept.isEmpty, report.unreadable.isEmpty else {
            return
        }
        var kept = report
        kept.seconds = 0
        kept.stages = []
        let engine = report.videos > 0 ? try? video.engineVersion() : nil
        if report.videos > 0, engine == nil { return }
        BuildMemo(
            key: key, report: kept, ignored: report.ignored, notes: inputNotes, videoEngine: engine,
            outputs: BuildMemo.outputs(of: output)
        ).write(to: output)
    }
}
