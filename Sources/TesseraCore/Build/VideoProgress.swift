/// How far the encode of one long video has come, as ffmpeg reports it (about twice a
/// second), for a progress line; `SiteBuilder.videoProgress` receives them.
package struct VideoProgress: Sendable, Hashable {
    /// The clip, relative to the input folder.
    package var path: String
    /// The share of the clip encoded, 0…1 (`out_time_us` over the duration); nil when
    /// ffmpeg has not said yet.
    package var fraction: Double?
    /// The clip's length, in seconds.
    var duration: Double
    /// The last report of this clip: its encode ended, made or failed.
    package var isFinished: Bool = false

    /// Clips longer than this many seconds report their progress; shorter ones take a few
    /// seconds at most and would only flicker.
    static let minimumDuration = 10.0
}
