import TesseraCore

/// A picture the way JPEG stores it: a luma plane and, unless the picture is grey, a
/// blue-difference and a red-difference chroma plane, which may have fewer samples.
///
/// Photos go from decoder to encoder in this form: it skips the colour conversions and
/// chroma resampling an RGB round trip would cost in both libjpeg calls, and a resize
/// touches 1.5 samples a pixel instead of 3.
struct YCbCrImage {
    /// The picture's size; the planes may be padded beyond it, to whole sample blocks.
    var size: PixelSize
    var luma: SamplePlane
    /// Blue- then red-difference, each covering the picture with luma's padding; empty
    /// for a grey picture.
    var chroma: [SamplePlane]

    var isGrey: Bool { chroma.isEmpty }

    /// The planes the encoder takes for a picture of `size`: luma padded to whole 2×2
    /// blocks, chroma a quarter of that (4:2:0), as libjpeg-turbo's `tjPlaneWidth` says.
    static func encodedPlaneSizes(of size: PixelSize) -> (luma: PixelSize, chroma: PixelSize) {
        let luma = PixelSize(width: (size.width + 1) / 2 * 2, height: (size.height + 1) / 2 * 2)
        return (luma, PixelSize(width: luma.width / 2, height: luma.height / 2))
    }

    /// Whether the planes are laid out as the encoder takes them.
    var isEncodable: Bool {
        let expected = Self.encodedPlaneSizes(of: size)
        return luma.size == expected.luma && chroma.allSatisfy { $0.size == expected.chroma }
    }

    /// Resized to `target` (or only laid out, at the same size) in the encoder's layout.
    func resized(to target: PixelSize) -> YCbCrImage {
        let planes = Self.encodedPlaneSizes(of: target)
        let newLuma = size == target ? luma : Resampler.resample(luma, region: size, to: target)
        let newChroma = chroma.map { plane in
            plane.size == planes.chroma && size == target
                ? plane : Resampler.resample(plane, region: plane.size, to: planes.chroma)
        }
        return YCbCrImage(
            size: target, luma: newLuma.cropped(to: target, paddedTo: planes.luma), chroma: newChroma)
    }

    /// Turned as `orientation` says, so that it appears upright; an encodable picture
    /// stays encodable.
    func upright(from orientation: Orientation) -> YCbCrImage {
        if orientation == .up { return self }
        let turned = size.oriented(by: orientation)
        let planes = Self.encodedPlaneSizes(of: turned)
        return YCbCrImage(
            size: turned,
            luma: luma.upright(from: orientation, region: size).cropped(to: turned, paddedTo: planes.luma),
            chroma: chroma.map { $0.upright(from: orientation, region: $0.size) })
    }
}

extension YCbCrImage {
    /// Converts an opaque truecolor gd image with JFIF's full-range BT.601 equations, as
    /// libjpeg does; chroma keeps every sample until `resized(to:)` halves it.
    init(_ image: GDImage) {
        size = image.size
        var y = SamplePlane(width: size.width, height: size.height, repeating: 0)
        var cb = y, cr = y
        let width = size.width
        y.samples.withUnsafeMutableBufferPointer { yp in
            cb.samples.withUnsafeMutableBufferPointer { cbp in
                cr.samples.withUnsafeMutableBufferPointer { crp in
                    image.forEachRow { row, pixels in
                        for x in 0..<pixels.count {
                            let p = pixels[x]
                            let r = Int((p >> 16) & 0xFF), g = Int((p >> 8) & 0xFF), b = Int(p & 0xFF)
                            let i = row * width + x
                            yp[i] = Self.clamp((19595 * r + 38470 * g + 7471 * b + 32768) >> 16)
                            cbp[i] = Self.clamp((-11059 * r - 21709 * g + 32768 * b + 8_421_375) >> 16)
                            crp[i] = Self.clamp((32768 * r - 27439 * g - 5329 * b + 8_421_375) >> 16)
                        }
                    }
                }
            }
        }
        luma = y
        chroma = [cb, cr]
    }

    private static func clamp(_ value: Int) -> UInt8 { UInt8(max(0, min(255, value))) }
}
