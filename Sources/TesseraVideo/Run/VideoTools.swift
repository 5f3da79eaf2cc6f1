import Foundation
import TesseraCore

/// Where `ffmpeg` and `ffprobe` are: Debian's `ffmpeg` package installs both.
package struct VideoTools: Sendable, Hashable {
    package var ffmpeg: URL?
    package var ffprobe: URL?

    package init(ffmpeg: URL?, ffprobe: URL?) {
        self.ffmpeg = ffmpeg
        self.ffprobe = ffprobe
    }

    /// The first executable of each name in `searchPath` (the PATH's folders).
    package static func locate(
        searchPath: String? = ProcessInfo.processInfo.environment["PATH"]
    ) -> VideoTools {
        let folders = (searchPath ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        func find(_ name: String) -> URL? {
            folders.lazy.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        }
        return VideoTools(ffmpeg: find("ffmpeg"), ffprobe: find("ffprobe"))
    }
}
