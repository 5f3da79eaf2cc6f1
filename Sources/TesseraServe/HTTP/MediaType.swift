/// The `Content-Type` a file is served with, chosen by its extension.
enum MediaType {
    static let fallback = "application/octet-stream"

    private static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "xml": "application/xml",
        "atom": "application/atom+xml",
        "rss": "application/rss+xml",
        "txt": "text/plain; charset=utf-8",
        "svg": "image/svg+xml",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "png": "image/png",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "heic": "image/heic",
        "heif": "image/heif",
        "tif": "image/tiff",
        "tiff": "image/tiff",
        // A published video, and the originals a site may offer as they are: served as
        // octet-stream with `nosniff`, a video was downloaded, not played (Safari refuses it).
        "mp4": "video/mp4",
        "m4v": "video/mp4",
        "mov": "video/quicktime",
        "webm": "video/webm",
        "zip": "application/zip",
        "ico": "image/x-icon",
        "woff2": "font/woff2",
        "woff": "font/woff",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "webmanifest": "application/manifest+json",
        // What a theme's `assets/` may publish beside its pages: subtitles for a `<track>`
        // (Firefox refuses one of another type), sound, documents.
        "vtt": "text/vtt; charset=utf-8",
        "mp3": "audio/mpeg",
        "m4a": "audio/mp4",
        "ogg": "audio/ogg",
        "oga": "audio/ogg",
        "opus": "audio/ogg",
        "wav": "audio/wav",
        "flac": "audio/flac",
        "pdf": "application/pdf",
        "csv": "text/csv; charset=utf-8",
    ]

    static func forFileName(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return fallback }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? fallback
    }

    /// Whether responses of this type get the live-reload script.
    static func isHTML(_ type: String) -> Bool { type.hasPrefix("text/html") }
}
