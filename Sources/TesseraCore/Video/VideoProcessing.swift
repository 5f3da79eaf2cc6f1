import Foundation

/// The video work the build needs: read a clip's facts, make its web rendition and its
/// poster.
///
/// Core declares it beside `ImageProcessing`, with the value types it speaks in (this
/// folder); `FFmpegVideoProcessor` in `TesseraVideo` is the implementation, running
/// `ffprobe` and `ffmpeg` as processes.
///
/// Every method is synchronous and safe to call from several threads at once (each call
/// owns its processes); `cancellation` stops a running call from another thread, as does
/// cancelling the Swift task that makes the call.
package protocol VideoProcessing: Sendable {
    /// What made the files, for fingerprints: a new ffmpeg may make other bytes.
    ///
    /// - Throws: `VideoProblem.toolMissing` when ffmpeg is not installed.
    func engineVersion() throws(VideoProblem) -> String

    /// Reads a clip's duration, sizes, rotation, codecs, colour, audio and dates from its
    /// container, decoding nothing.
    ///
    /// - Throws: `VideoProblem` when the file is not a readable video.
    func probe(_ file: URL) throws(VideoProblem) -> VideoInfo

    /// Writes `rendition` of the clip to `output` (an MP4), re-encoding it or, when it is
    /// already web-playable, copying its streams into a new container; never with its
    /// metadata. `output` is complete only when the call returns; on any failure nothing is
    /// left there. Pass a path in a staging folder and move it into place.
    ///
    /// - Parameter progress: called from another thread as ffmpeg reports, about twice a
    ///   second.
    /// - Throws: `VideoProblem` when ffmpeg fails, runs out of time, is cancelled, or the
    ///   clip turns out shorter than its container claims.
    func transcode(
        _ file: URL, info: VideoInfo, to rendition: VideoRendition, output: URL,
        progress: (@Sendable (TranscodeProgress) -> Void)?, cancellation: VideoCancellation?
    ) throws(VideoProblem) -> TranscodedVideo

    /// Writes one frame of the clip as an 8-bit sRGB PNG at `request.size(for:)` (the
    /// displayed size, turned and tone-mapped as the video is), for the photo pipeline to
    /// decode, resize and encode like any photo.
    ///
    /// - Throws: `VideoProblem` when no frame can be decoded.
    func posterFrame(
        of file: URL, info: VideoInfo, request: PosterRequest, output: URL, cancellation: VideoCancellation?
    ) throws(VideoProblem) -> PosterFrame
}

extension VideoProcessing {
    /// `transcode` without progress reports or a way to stop it.
    package func transcode(
        _ file: URL, info: VideoInfo, to rendition: VideoRendition, output: URL
    ) throws(VideoProblem) -> TranscodedVideo {
        try transcode(file, info: info, to: rendition, output: output, progress: nil, cancellation: nil)
    }

    /// `posterFrame` without a way to stop it.
    package func posterFrame(
        of file: URL, info: VideoInfo, request: PosterRequest = PosterRequest(), output: URL
    ) throws(VideoProblem) -> PosterFrame {
        try posterFrame(of: file, info: info, request: request, output: output, cancellation: nil)
    }
}
