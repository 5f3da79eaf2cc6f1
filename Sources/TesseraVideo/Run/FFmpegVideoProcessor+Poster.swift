import Foundation
import TesseraCore

extension FFmpegVideoProcessor {
    /// The port's `posterFrame`: the default request's frame, its size.
    package func posterFrame(of file: URL, info: VideoInfo, output: URL) throws(VideoProblem) -> PixelSize {
        try posterFrame(of: file, info: info, request: PosterRequest(), output: output, cancellation: nil).size
    }

    /// Writes the frame `request` asks for (its time, else one past black frames near the
    /// start; its size, else the displayed one) as an 8-bit sRGB PNG, and says which frame
    /// it took.
    ///
    /// - Parameter cancellation: stops the call from another thread (ffmpeg is killed).
    /// - Throws: `VideoProblem` when no frame can be decoded, `.cannotWrite` when `output`
    ///   cannot be written (a missing or full temporary folder), also `.cancelled`.
    package func posterFrame(
        of file: URL, info: VideoInfo, request: PosterRequest, output: URL, cancellation: VideoCancellation?
    ) throws(VideoProblem) -> PosterFrame {
        let ffmpeg = try executable(\.ffmpeg, "ffmpeg")
        guard output.standardizedFileURL.path != file.standardizedFileURL.path else {
            throw .unwritable("the poster would replace the clip itself")
        }
        let capabilities = try capabilities()
        let start = request.startTime(for: info)
        // A frame past black ones near the start; else the frame at the start, dark or not;
        // else the first frame of all (a duration that overstates the clip).
        var attempts = [(start: start, bright: request.time == nil), (start: start, bright: false)]
        if start > 0 { attempts.append((start: 0, bright: false)) }
        var lastError = ""
        var tried = Set<String>()
        for attempt in attempts where tried.insert("\(attempt.start) \(attempt.bright)").inserted {
            let plan = PosterPlan.make(
                source: file, info: info, request: request, start: attempt.start, mustBeBright: attempt.bright,
                output: output, capabilities: capabilities)
            try? FileManager.default.removeItem(at: output)
            let result: ToolRun.Result
            do throws(VideoProblem) {
                result = try ToolRun(
                    tool: "ffmpeg", executable: ffmpeg, arguments: plan.arguments, timeLimit: limits.base
                ).run(cancellation: cancellation)
            } catch {
                try? FileManager.default.removeItem(at: output)
                throw error
            }
            if let fault = OutputFault.problem(of: result, output: output) {
                try? FileManager.default.removeItem(at: output)
                throw fault
            }
            if result.status != 0 || result.crashed {
                lastError = result.failureDetail(naming: file)
                continue
            }
            guard let size = PNGHeader.size(of: output) else { continue }
            let time = PosterPlan.frameTime(in: String(decoding: result.output, as: UTF8.self), start: attempt.start)
            let seconds = ((time ?? attempt.start) * 1000).rounded() / 1000
            return PosterFrame(time: seconds, size: size, isDark: !attempt.bright)
        }
        try? FileManager.default.removeItem(at: output)
        throw .failed(tool: "ffmpeg", detail: lastError.isEmpty ? "no frame could be decoded" : lastError)
    }
}

/// The size in a PNG's header, to confirm ffmpeg wrote one.
enum PNGHeader {
    static func size(of file: URL) -> PixelSize? {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 24), head.count == 24 else { return nil }
        let bytes = [UInt8](head)
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            bytes[12..<16] == [0x49, 0x48, 0x44, 0x52]
        else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let size = PixelSize(width: word(16), height: word(20))
        return size.width > 0 && size.height > 0 ? size : nil
    }
}
