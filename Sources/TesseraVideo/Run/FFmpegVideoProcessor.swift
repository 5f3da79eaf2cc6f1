import Foundation
import Synchronization
import TesseraCore

/// The video work through Debian's `ffprobe` and `ffmpeg`, run as separate processes
/// (Debian's libavcodec is GPL-built; a process keeps it out of Tessera's binary, and a
/// crash in a decoder out of Tessera's process).
///
/// Safe to call from several threads at once; each call owns its processes.
package struct FFmpegVideoProcessor: VideoProcessing {
    package let tools: VideoTools
    /// x264's threads per encode; `nil` for ffmpeg's choice (every core). The build sets it
    /// when it runs several encodes at once.
    package let threads: Int?
    package let limits: VideoTimeLimits
    private let facts = InstalledFFmpeg()

    package init(tools: VideoTools = .locate(), threads: Int? = nil, limits: VideoTimeLimits = VideoTimeLimits()) {
        self.tools = tools
        self.threads = threads
        self.limits = limits
    }

    package func engineVersion() throws(VideoProblem) -> String {
        "ffmpeg " + (try capabilities().version)
    }

    /// What the installed ffmpeg can do, asked once per processor.
    package func capabilities() throws(VideoProblem) -> FFmpegCapabilities {
        if let known = facts.capabilities { return known }
        let ffmpeg = try executable(\.ffmpeg, "ffmpeg")
        func listing(_ option: String) throws(VideoProblem) -> String {
            let result = try ToolRun(
                tool: "ffmpeg", executable: ffmpeg, arguments: ["-hide_banner", option], timeLimit: limits.probe
            ).run()
            return String(decoding: result.output, as: UTF8.self)
        }
        let found = FFmpegCapabilities.parse(
            version: try listing("-version"), filters: try listing("-filters"), encoders: try listing("-encoders"))
        facts.capabilities = found
        return found
    }

    package func probe(_ file: URL) throws(VideoProblem) -> VideoInfo {
        let ffprobe = try executable(\.ffprobe, "ffprobe")
        let arguments =
            ["-hide_banner", "-loglevel", "error", "-print_format", "json", "-show_streams", "-show_format"]
            + FFmpegArguments.restrictions + [FFmpegArguments.url(file)]
        let result = try ToolRun(tool: "ffprobe", executable: ffprobe, arguments: arguments, timeLimit: limits.probe)
            .run()
        guard result.status == 0, !result.crashed else {
            throw .notAVideo(detail: result.failureDetail(naming: file))
        }
        return try ProbeReport.parse(result.output).videoInfo()
    }

    /// The port's `transcode`: this one's, reporting only the part done.
    package func transcode(
        _ file: URL, info: VideoInfo, to rendition: VideoRendition, output: URL,
        progress: (@Sendable (Double?) -> Void)?
    ) throws(VideoProblem) {
        var report: (@Sendable (TranscodeProgress) -> Void)?
        if let progress { report = { progress($0.fraction) } }
        _ = try transcode(file, info: info, to: rendition, output: output, progress: report, cancellation: nil)
    }

    /// Writes `rendition` of the clip to `output` as the port's `transcode` does, and says
    /// how it was made (remuxed or encoded, and why; its size, sound and tone mapping) as
    /// read back from the file.
    ///
    /// - Parameters:
    ///   - progress: called from another thread as ffmpeg reports, about twice a second.
    ///   - cancellation: stops the call from another thread (ffmpeg is killed).
    /// - Throws: `VideoProblem`, also `.cancelled`.
    package func transcode(
        _ file: URL, info: VideoInfo, to rendition: VideoRendition, output: URL,
        progress: (@Sendable (TranscodeProgress) -> Void)?, cancellation: VideoCancellation?
    ) throws(VideoProblem) -> TranscodedVideo {
        let ffmpeg = try executable(\.ffmpeg, "ffmpeg")
        guard output.standardizedFileURL.path != file.standardizedFileURL.path else {
            throw .unwritable("the output would replace the clip itself")
        }
        let plan = try TranscodePlan.make(
            source: file, info: info, rendition: rendition, output: output, capabilities: try capabilities(),
            threads: threads)
        var onLine: (@Sendable (Substring) -> Void)?
        if let progress {
            let reader = ProgressReader(duration: info.duration, report: progress)
            onLine = { reader.read($0) }
        }
        let run = ToolRun(
            tool: "ffmpeg", executable: ffmpeg, arguments: plan.arguments,
            timeLimit: limits.transcode(duration: info.duration), keepsOutput: false)
        do throws(VideoProblem) {
            let result = try run.run(cancellation: cancellation, onLine: onLine)
            // Checked whatever the exit status: ffmpeg 5.1 exits 0 when a file-size limit
            // stopped its trailer, and the half-written file then "cannot be read back".
            if let fault = OutputFault.problem(of: result, output: output) { throw fault }
            guard result.status == 0, !result.crashed else {
                throw .failed(tool: "ffmpeg", detail: result.failureDetail(naming: file))
            }
            return try made(plan, from: info, at: output)
        } catch {
            try? FileManager.default.removeItem(at: output)
            throw error
        }
    }

    /// Reads back what ffmpeg wrote: a clip much shorter than the source's container says
    /// (by a tenth, or half a second: a half-copied 2-second Live Photo or phone clip lost
    /// one, under the one second allowed before, and was published cut short) means the
    /// source ended early.
    private func made(
        _ plan: TranscodePlan, from info: VideoInfo, at output: URL
    ) throws(VideoProblem) -> TranscodedVideo {
        let written: VideoInfo
        do {
            written = try probe(output)
        } catch {
            // ffprobe that cannot start says nothing of what ffmpeg wrote.
            if case .cannotStart = error { throw error }
            throw .unwritable("ffmpeg's output cannot be read back (\(error))")
        }
        if let expected = info.duration, let readable = written.duration, expected - readable > max(0.5, expected * 0.1)
        {
            throw .truncated(readable: readable, expected: expected)
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? nil
        return TranscodedVideo(
            method: plan.method, reasons: plan.reasons, size: written.displaySize, duration: written.duration,
            hasAudio: written.audio != nil, toneMapping: plan.toneMapping, byteCount: bytes ?? 0)
    }

    func executable(_ path: KeyPath<VideoTools, URL?>, _ name: String) throws(VideoProblem) -> URL {
        guard let url = tools[keyPath: path] else { throw .toolMissing(name) }
        return url
    }
}

/// What one processor learned of the installed ffmpeg, shared by its copies.
final class InstalledFFmpeg: Sendable {
    private let known = Mutex<FFmpegCapabilities?>(nil)

    var capabilities: FFmpegCapabilities? {
        get { known.withLock { $0 } }
        set { known.withLock { $0 = newValue } }
    }
}
