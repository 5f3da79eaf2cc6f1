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
    /// How many pixels each chroma sample covers across and down: 2 and 2 for 4:2:0,
    /// 1 and 1 for 4:4:4, 4 and 1 for 4:1:1.
    var chromaStep: (across: Int, down: Int)

    init(size: PixelSize, luma: SamplePlane, chroma: [SamplePlane], chromaStep: (across: Int, down: Int) = (2, 2)) {
        self.size = size
        self.luma = luma
        self.chroma = chroma
        self.chromaStep = chromaStep
    }

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

    /// Resized to `target` (or only laid out, at the same size) in the encoder's layout:
    /// luma through a Lanczos-3 filter, as sharp as Pillow's or libvips' (an area average
    /// kept 13–25 % less detail at the thumbnails' scales); chroma, which 4:2:0 already
    /// halves and eyes resolve far less finely, by an area average, a third of the cost.
    func resized(to target: PixelSize) -> YCbCrImage {
        let planes = Self.encodedPlaneSizes(of: target)
        let newLuma = size == target ? luma : LanczosResampler.resample(luma, region: size, to: target)
        // Chroma planes end in padding when a side is odd, so their sizes do not give the
        // scale: the picture's own extent in chroma samples, before and after, does.
        let scale = (
            across: Double(size.width) / Double(chromaStep.across) / (Double(target.width) / 2),
            down: Double(size.height) / Double(chromaStep.down) / (Double(target.height) / 2)
        )
        let laidOut = size == target && chromaStep == (2, 2)
        let newChroma = chroma.map { plane in
            laidOut ? plane : Resampler.resample(plane, region: plane.size, to: planes.chroma, scale: scale)
        }
        return YCbCrImage(
            size: target, luma: newLuma.cropped(to: target, paddedTo: planes.luma), chroma: newChroma)
    }

    /// Turned as `orientation` says, so that it appears upright; stays encodable.
    func upright(from orientation: Orientation) -> YCbCrImage {
        precondition(isEncodable, "turn pictures laid out by resized(to:)")
        if orientation == .up { return self }
        let turned = size.oriented(by: orientation)
        let planes = Self.encodedPlaneSizes(of: turned)
        // A chroma sample covers two pixels each way. Along a mirrored side of odd length
        // the padding that ended the side now starts it, so every chroma sample would sit
        // one pixel off its pixels; half a sample back puts them in place.
        let origin = orientation.storedPosition(ofUpright: 0, 0, stored: size)
        let right = orientation.storedPosition(ofUpright: 1, 0, stored: size)
        let below = orientation.storedPosition(ofUpright: 0, 1, stored: size)
        let mirroredAcross = right.x < origin.x || right.y < origin.y
        let mirroredDown = below.x < origin.x || below.y < origin.y
        return YCbCrImage(
            size: turned,
            luma: luma.upright(from: orientation, region: size).cropped(to: turned, paddedTo: planes.luma),
            chroma: chroma.map {
                $0.upright(from: orientation, region: $0.size).shiftedHalfASample(
                    across: mirroredAcross && turned.width % 2 == 1,
                    down: mirroredDown && turned.height % 2 == 1)
            })
    }
}

extension YCbCrImage {
    /// Converts an opaque truecolor gd image with JFIF's full-range BT.601 equations, as
    /// libjpeg does, straight into the encoder's layout: each chroma sample is the mean of
    /// the 2×2 pixels it covers (edge pixels repeated), so a 100-megapixel PNG costs 150 MB
    /// of planes, not 300.
    init(_ image: GDImage) {
        size = image.size
        let width = size.width
        let height = size.height
        let planes = Self.encodedPlaneSizes(of: size)
        var y = SamplePlane(width: width, height: height, repeating: 0)
        var cb = SamplePlane(width: planes.chroma.width, height: planes.chroma.height, repeating: 0)
        var cr = cb
        // Blue and red differences of the current row pair, summed per chroma column.
        var blueSums = [Int](repeating: 0, count: planes.chroma.width)
        var redSums = blueSums
        y.samples.withUnsafeMutableBufferPointer { yp in
            image.forEachRow { row, pixels in
                if row % 2 == 0 {
                    for i in blueSums.indices {
                        blueSums[i] = 0
                        redSums[i] = 0
                    }
                }
                // A last odd row counts twice, like the padding row it stands for.
                let weight = row == height - 1 && row % 2 == 0 ? 2 : 1
                for x in 0..<width {
                    let p = pixels[x]
                    let r = Int((p >> 16) & 0xFF)
                    let g = Int((p >> 8) & 0xFF)
                    let b = Int(p & 0xFF)
                    yp[row * width + x] = Self.clamp((19595 * r + 38470 * g + 7471 * b + 32768) >> 16)
                    // A last odd column counts twice too.
                    let columns = x == width - 1 && x % 2 == 0 ? 2 * weight : weight
                    blueSums[x / 2] += columns * (-11059 * r - 21709 * g + 32768 * b)
                    redSums[x / 2] += columns * (32768 * r - 27439 * g - 5329 * b)
                }
                if row % 2 == 1 || row == height - 1 {
                    let line = row / 2 * planes.chroma.width
                    for i in blueSums.indices {
                        // The mean of four, plus 128, rounded: (sum + (128 << 18) + (1 << 17)) >> 18.
                        cb.samples[line + i] = Self.clamp((blueSums[i] + 33_685_504) >> 18)
                        cr.samples[line + i] = Self.clamp((redSums[i] + 33_685_504) >> 18)
                    }
                }
            }
        }
        luma = y
        chroma = [cb, cr]
        chromaStep = (2, 2)
    }

    private static func clamp(_ value: Int) -> UInt8 { UInt8(max(0, min(255, value))) }
}
