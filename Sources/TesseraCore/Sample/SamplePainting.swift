/// Draws the images of the sample album (`tessera sample`).
package protocol SamplePainting: Sendable {
    /// A JPEG of the given upright size showing `label`, stored rotated so that
    /// applying `orientation` shows it upright, with that EXIF orientation tag.
    func paintSample(
        uprightSize: PixelSize, label: String, hue: Double, orientation: Orientation
    ) throws -> [UInt8]
}
