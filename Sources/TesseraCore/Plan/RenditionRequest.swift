/// How the imaging stage encodes a photo's renditions: the settings every image of a build
/// shares, beside each rendition's own size and format.
package struct RenditionRequest: Sendable, Hashable, Codable {
    /// The format renditions are planned in.
    package var format: RenditionFormat
    /// Encoder quality, 1–100.
    package var quality: Int
    /// What happens to a photo's colour profile.
    package var colour: ColourPolicy

    package init(format: RenditionFormat = .jpeg, quality: Int = 82, colour: ColourPolicy = .sRGB) {
        self.format = format
        self.quality = quality
        self.colour = colour
    }
}

/// What the imaging stage does with a photo's colours.
package enum ColourPolicy: String, Sendable, Hashable, Codable {
    /// Images come out in sRGB, the colour space browsers assume for untagged images.
    case sRGB
}
