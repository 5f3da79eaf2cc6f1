import Foundation

/// The video work the build needs: read a clip's facts, make its web rendition and its
/// poster.
///
/// Core declares it beside `ImageProcessing`, with the value types it speaks in (this
/// folder); `FFmpegVideoProcessor` in `TesseraVideo` is the implementation, running
/// `ffprobe` and `ffmpeg` as processes.
///
/// Every method is synchronous and safe to call from several threads at once (each call
/// owns its processes); cancelling the Swift task that makes a call stops it. The port
/// speaks only of what the build uses: the implementation's own API says more (how a clip
/// was made, which frame became the poster, stopping a call from another thread).
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
    ///   second, with the part of the clip done (0 to 1; nil while the clip's length is
    ///   unknown).
    /// - Throws: `VideoProblem` when ffmpeg fails, runs out of time, or the clip turns out
    ///   shorter than its container claims.
    func transcode(
        _ file: URL, info: VideoInfo, to rendition: VideoRendition, output: URL,
        progress: (@Sendable (Double?) -> Void)?
    ) throws(VideoProblem)

    /// Writes one frame of the clip as an 8-bit sRGB PNG at its displayed size (turned and
    /// tone-mapped as the video is; a frame past black ones near the start), for the photo
    /// pipeline to decode, resize and encode like any photo; returns that size.
    ///
    /// - Throws: `VideoProblem` when no frame can be decoded.
    func posterFrame(of file: URL, info: VideoInfo, output: URL) throws(VideoProblem) -> PixelSize
}

extension VideoProcessing {
    /// `transcode` without progress reports.
    func transcode(_ file: URL, info: VideoInfo, to rendition: VideoRendition, output: URL) throws(VideoProblem) {
        try transcode(file, info: info, to: rendition, output: output, progress: nil)
    }
}
