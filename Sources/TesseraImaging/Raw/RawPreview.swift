import TesseraCore

/// A camera raw published from the JPEG preview the camera embedded in it, when that
/// preview is large enough: decoding a preview through libjpeg-turbo (scaled while
/// decoding) costs a fraction of developing the sensor's mosaic with LibRaw.
///
/// The preview is the camera's own rendering of the shot (its white balance and picture
/// style, in sRGB or tagged with its profile), stored the sensor's way up; the raw's
/// orientation (LibRaw's `flip`) turns it, as it turns the developed picture. It is used
/// only when, turned, it covers the largest image asked for (the display image, bounded by
/// `images.display_size`) and has the raw's shape; otherwise, and whenever it is missing,
/// damaged or over the pixel budget, the raw is developed instead: a hostile preview
/// costs the full decode, never the photo.
enum RawPreview {
    /// How far the preview's aspect ratio may be from the developed picture's: cameras crop
    /// their previews a few pixels differently from LibRaw's active area (a 1616 × 1080
    /// preview of a 6000 × 4000 sensor is 0.3 % off), while a 16:9 or 4:3 preview of a 3:2
    /// sensor would show a different framing.
    static let aspectTolerance = 0.015

    /// What a raw is published from.
    enum Choice {
        /// The preview, upright and at the target size.
        case preview(YCbCrImage)
        /// Developed by LibRaw; `reason` says why a preview the raw has could not stand for
        /// it (nil when it has none).
        case develop(reason: String?)
    }

    /// The preview, upright and at `target` (resized from the smallest decoding scale that
    /// covers it), or why the raw must be developed.
    ///
    /// - Parameter target: the largest size needed, upright.
    static func choice(for raw: RawFile, covering target: PixelSize, budget: PixelBudget) -> Choice {
        guard let bytes = raw.embeddedJPEG() else { return .develop(reason: nil) }
        guard let stored = usableSize(of: bytes, budget: budget) else {
            return .develop(reason: "its embedded preview is no JPEG a photo can be, or is over the pixel limit")
        }
        let orientation = raw.orientation
        let upright = stored.oriented(by: orientation)
        guard covers(upright, target: target, shape: raw.size) else {
            let covering = upright.width >= target.width && upright.height >= target.height
            return .develop(
                reason: covering
                    ? "its embedded preview (\(upright)) is not the raw's shape (\(raw.size))"
                    : "its embedded preview (\(upright)) is smaller than the display image (\(target))")
        }
        let storedTarget = target.oriented(by: orientation)
        // A preview cut short, or not a JPEG libjpeg-turbo can read, is not used.
        guard let decoded = try? PhotoDecoder.decodeJPEG(bytes, covering: storedTarget),
            decoded.size.width >= storedTarget.width, decoded.size.height >= storedTarget.height
        else { return .develop(reason: "its embedded preview (\(upright)) cannot be decoded") }
        return .preview(decoded.resized(to: storedTarget).upright(from: orientation))
    }

    /// Whether a preview of `upright` size can stand for a raw developed at `shape`, when
    /// `target` is the largest image made of it.
    static func covers(_ upright: PixelSize, target: PixelSize, shape: PixelSize) -> Bool {
        guard upright.width >= target.width, upright.height >= target.height, shape.width > 0, shape.height > 0
        else { return false }
        let aspect = Double(upright.width) / Double(upright.height)
        let expected = Double(shape.width) / Double(shape.height)
        return abs(aspect / expected - 1) <= aspectTolerance
    }

    /// The preview's stored size from its frame header, when it is a JPEG of a size a
    /// photo can have and within the build's pixel budget.
    private static func usableSize(of bytes: [UInt8], budget: PixelBudget) -> PixelSize? {
        guard case .header(let header)? = try? HeaderProbe.probe(bytes, format: .jpeg), let size = header.size,
            size.width > 0, size.height > 0, size.width <= ImagePipeline.maxSide, size.height <= ImagePipeline.maxSide,
            (try? budget.check(size)) != nil
        else { return nil }
        return size
    }
}
