import Foundation

/// Readable, URL-safe names for output files and folders.
///
/// A slug keeps letters and digits of any script (lower-cased, accents composed),
/// turns everything else into single hyphens, and never contains a dot, so a slug can
/// never collide with a file Tessera names with an extension (`index.html`, `tessera.css`).
enum Slug {
    /// The longest slug, in characters, before uniqueness suffixes.
    static let maximumLength = 80
    /// The longest slug in UTF-8 bytes: a file name holds 255 on Linux, and the longest one
    /// made of a slug is its `.tessera-PID-….thumb0.5x.avif.tmp` while it is written (36
    /// bytes more, and a `-photo` or `-12` to make it unique). Eighty characters of Chinese
    /// are 240 bytes: such a photo stopped the whole build (`File name too long`).
    static let maximumBytes = 200

    /// The slug for a name, e.g. `Été à Paris (2).JPG` → `été-à-paris-2-jpg`;
    /// `fallback` when nothing readable remains.
    static func make(_ name: String, fallback: String) -> String {
        var slug = ""
        var pendingHyphen = false
        for scalar in name.precomposedStringWithCanonicalMapping.lowercased().unicodeScalars {
            let p = scalar.properties
            if p.isAlphabetic || p.numericType != nil {
                if pendingHyphen && !slug.isEmpty { slug.append("-") }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        if slug.count > maximumLength || slug.utf8.count > maximumBytes {
            slug = String(slug.prefix(maximumLength))
            while slug.utf8.count > maximumBytes { slug.removeLast() }
            while slug.hasSuffix("-") { slug.removeLast() }
        }
        return slug.isEmpty ? fallback : slug
    }

    /// The slug for a photo file name: the extension is dropped (`Beach.jpg` → `beach`).
    static func forPhoto(fileName: String) -> String {
        let stem = (fileName as NSString).deletingPathExtension
        return make(stem.isEmpty ? fileName : stem, fallback: "photo")
    }
}
