import Foundation

extension SiteConfiguration {
    /// The same site with JPEG only, for a first build of `output` that shows every photo
    /// before its modern formats are made (`tessera serve`, which then builds `self`);
    /// nil when there is nothing to put off: the site makes JPEG only, or `output` already
    /// holds a build, whose AVIF and WebP files a JPEG-only build would remove.
    package func jpegFirst(into output: URL) -> SiteConfiguration? {
        guard !images.formats.isEmpty else { return nil }
        let manifest = output.appendingPathComponent(Manifest.fileName).path
        guard !FileManager.default.fileExists(atPath: manifest) else { return nil }
        var first = self
        first.images.formats = []
        return first
    }
}
