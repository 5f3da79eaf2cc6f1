/// What the camera recorded about a photo (from EXIF), as plain text ready to show.
///
/// Every field is optional: many photos carry none of it. GPS is deliberately absent:
/// Tessera never reads or publishes location.
public struct PhotoMetadata: Sendable, Hashable, Codable {
    /// When the photo was taken, as `YYYY-MM-DD HH:MM:SS` (EXIF `DateTimeOriginal`).
    public var dateTaken: String?
    public var cameraMake: String?
    public var cameraModel: String?
    public var lens: String?
    /// Exposure time, e.g. `1/250 s`.
    public var exposure: String?
    /// Aperture, e.g. `f/2.8`.
    public var aperture: String?
    /// Focal length, e.g. `35 mm`.
    public var focalLength: String?
    public var iso: Int?
    /// EXIF `ImageDescription`.
    public var caption: String?
    public var artist: String?

    public init(
        dateTaken: String? = nil, cameraMake: String? = nil, cameraModel: String? = nil,
        lens: String? = nil, exposure: String? = nil, aperture: String? = nil,
        focalLength: String? = nil, iso: Int? = nil, caption: String? = nil, artist: String? = nil
    ) {
        self.dateTaken = dateTaken
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.lens = lens
        self.exposure = exposure
        self.aperture = aperture
        self.focalLength = focalLength
        self.iso = iso
        self.caption = caption
        self.artist = artist
    }

    /// The camera's name without the maker repeated ("Canon Canon EOS 40D" → "Canon EOS 40D").
    public var camera: String? {
        let make = cameraMake?.trimmingSpaces ?? ""
        let model = cameraModel?.trimmingSpaces ?? ""
        if model.isEmpty { return make.isEmpty ? nil : make }
        if make.isEmpty { return model }
        let firstWord = make.split(separator: " ").first.map(String.init) ?? make
        if model.lowercased().hasPrefix(firstWord.lowercased()) { return model }
        return "\(make) \(model)"
    }

    /// Exposure settings in one line, e.g. `35 mm · f/2.8 · 1/250 s · ISO 200`.
    public var exposureLine: String? {
        let parts = [focalLength, aperture, exposure, iso.map { "ISO \($0)" }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace || f == "\0" { s.removeFirst() }
        while let l = s.last, l.isWhitespace || l == "\0" { s.removeLast() }
        return String(s)
    }
}
