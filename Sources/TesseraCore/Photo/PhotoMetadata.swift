/// What the camera and the photographer's software recorded in a photo (EXIF, XMP, IPTC),
/// as plain text ready to show, each source kept apart: which one wins is the plan's
/// decision (`Metadata/`), not the reader's.
///
/// Every field is optional: many photos carry none of it. GPS is deliberately absent:
/// Tessera never reads or publishes location.
package struct PhotoMetadata: Sendable, Hashable, Codable {
    /// When the photo was taken, as `YYYY-MM-DD HH:MM:SS` (EXIF `DateTimeOriginal`, else
    /// XMP `exif:DateTimeOriginal`, `xmp:CreateDate` or `photoshop:DateCreated`).
    var dateTaken: String?
    /// How many minutes east of UTC the camera's clock was when it took the photo (EXIF
    /// `OffsetTimeOriginal`), where the camera recorded it. It dates pages, never pixels:
    /// the recipes of images and originals leave it out (`PhotoInfo.inRecipes`).
    var utcOffsetMinutes: Int?
    var cameraMake: String?
    var cameraModel: String?
    var lens: String?
    /// Exposure time, e.g. `1/250 s`.
    var exposure: String?
    /// Aperture, e.g. `f/2.8`.
    var aperture: String?
    /// Focal length, e.g. `35 mm`.
    var focalLength: String?
    var iso: Int?
    /// EXIF `ImageDescription`.
    var caption: String?
    var artist: String?
    /// XMP `dc:title` (what Lightroom, darktable and digiKam call the title).
    var xmpTitle: String?
    /// XMP `dc:description` (their caption).
    var xmpDescription: String?
    /// IPTC Object Name, else Headline.
    var iptcTitle: String?
    /// IPTC Caption-Abstract.
    var iptcCaption: String?

    package init(
        dateTaken: String? = nil, utcOffsetMinutes: Int? = nil, cameraMake: String? = nil, cameraModel: String? = nil,
        lens: String? = nil, exposure: String? = nil, aperture: String? = nil,
        focalLength: String? = nil, iso: Int? = nil, caption: String? = nil, artist: String? = nil,
        xmpTitle: String? = nil, xmpDescription: String? = nil, iptcTitle: String? = nil, iptcCaption: String? = nil
    ) {
        self.dateTaken = dateTaken
        self.utcOffsetMinutes = utcOffsetMinutes
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.lens = lens
        self.exposure = exposure
        self.aperture = aperture
        self.focalLength = focalLength
        self.iso = iso
        self.caption = caption
        self.artist = artist
        self.xmpTitle = xmpTitle
        self.xmpDescription = xmpDescription
        self.iptcTitle = iptcTitle
        self.iptcCaption = iptcCaption
    }

    /// Adds the text photo software embeds beside EXIF: XMP's title, description and date
    /// and IPTC's title and caption, each into its own field; the XMP date fills `dateTaken`
    /// only when EXIF had none, and the offset written after it (`xmpDateOffset`) stands
    /// for that date's clock unless EXIF gave one.
    package mutating func addEmbeddedText(
        xmpTitle: String?, xmpDescription: String?, xmpDate: String?, xmpDateOffset: Int? = nil, iptcTitle: String?,
        iptcCaption: String?
    ) {
        self.xmpTitle = xmpTitle
        self.xmpDescription = xmpDescription
        if dateTaken == nil { dateTaken = xmpDate }
        if utcOffsetMinutes == nil, dateTaken != nil, dateTaken == xmpDate { utcOffsetMinutes = xmpDateOffset }
        self.iptcTitle = iptcTitle
        self.iptcCaption = iptcCaption
    }

    /// The camera's name without the maker repeated ("Canon Canon EOS 40D" → "Canon EOS 40D").
    var camera: String? {
        let make = cameraMake?.trimmingSpaces ?? ""
        let model = cameraModel?.trimmingSpaces ?? ""
        if model.isEmpty { return make.isEmpty ? nil : make }
        if make.isEmpty { return model }
        let firstWord = make.split(separator: " ").first.map(String.init) ?? make
        if model.lowercased().hasPrefix(firstWord.lowercased()) { return model }
        return "\(make) \(model)"
    }

    /// Exposure settings in one line, e.g. `35 mm · f/2.8 · 1/250 s · ISO 200`: the ISO
    /// speed as the theme's `isoSpeed` word writes it, decimals with its `decimalSeparator`
    /// (`4,2 mm · f/2,8` in French), the parts joined by its `exposureSeparator`.
    func exposureLine(_ words: ThemeWords) -> String? {
        let speed = iso.map { words.text("isoSpeed", ["value": String($0)]) }
        let decimal = words.text("decimalSeparator")
        let parts = [focalLength, aperture, exposure].compactMap { $0.map { Self.decimals($0, as: decimal) } }
        let line = parts + [speed].compactMap { $0 }
        return line.isEmpty ? nil : line.joined(separator: words.text("exposureSeparator"))
    }

    /// `text` with each `.` between two digits written as `separator`.
    static func decimals(_ text: String, as separator: String) -> String {
        guard separator != ".", text.contains(".") else { return text }
        let characters = Array(text)
        var out = ""
        for (index, character) in characters.enumerated() {
            if character == ".", index > 0, index + 1 < characters.count, characters[index - 1].isASCII,
                characters[index - 1].isNumber, characters[index + 1].isASCII, characters[index + 1].isNumber
            {
                out += separator
            } else {
                out.append(character)
            }
        }
        return out
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
