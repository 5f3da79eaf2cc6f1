import TesseraCore

/// One channel of a picture (luma, or one of the two chroma channels): 8-bit samples,
/// `width` per row, rows one after another with no gaps.
struct SamplePlane {
    var width: Int
    var height: Int
    var samples: [UInt8]

    var size: PixelSize { PixelSize(width: width, height: height) }

    /// A plane holding `samples`, `width × height` of them.
    init(width: Int, height: Int, samples: [UInt8]) {
        precondition(samples.count == width * height)
        self.width = width
        self.height = height
        self.samples = samples
    }

    /// A plane of `width × height` samples, all `value`.
    init(width: Int, height: Int, repeating value: UInt8) {
        self.width = width
        self.height = height
        samples = [UInt8](repeating: value, count: width * height)
    }

    /// A plane whose every sample `body` writes, into uninitialised storage.
    init(width: Int, height: Int, writing body: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        self.width = width
        self.height = height
        samples = [UInt8](unsafeUninitializedCapacity: width * height) { buffer, count in
            body(buffer)
            count = width * height
        }
    }

    /// The top-left `region` of this plane, grown to `width × height` by repeating its
    /// last column and row: how JPEG expects a picture padded out to whole sample blocks.
    func cropped(to region: PixelSize, paddedTo padded: PixelSize) -> SamplePlane {
        let width = padded.width
        let height = padded.height
        if region == size, padded == size { return self }
        return samples.withUnsafeBufferPointer { source in
            SamplePlane(width: width, height: height) { target in
                let kept = region.width
                for y in 0..<height {
                    let from = source.baseAddress! + min(y, region.height - 1) * self.width
                    let to = target.baseAddress! + y * width
                    to.update(from: from, count: kept)
                    (to + kept).update(repeating: from[kept - 1], count: width - kept)
                }
            }
        }
    }
}

extension SamplePlane {
    /// The top-left `region` of this plane turned as `orientation` says, so that it
    /// appears upright.
    func upright(from orientation: Orientation, region: PixelSize) -> SamplePlane {
        let turned = region.oriented(by: orientation)
        if orientation == .up, region == size { return self }
        // The mapping is affine: stepping one pixel right or down in the upright picture
        // moves a fixed distance through the stored samples.
        func index(_ x: Int, _ y: Int) -> Int {
            let (sx, sy) = orientation.storedPosition(ofUpright: x, y, stored: region)
            return sy * width + sx
        }
        let origin = index(0, 0)
        let right = index(1, 0) - origin
        let down = index(0, 1) - origin
        return samples.withUnsafeBufferPointer { source in
            SamplePlane(width: turned.width, height: turned.height) { target in
                for y in 0..<turned.height {
                    var from = origin + y * down
                    let row = y * turned.width
                    for x in 0..<turned.width {
                        target[row + x] = source[from]
                        from += right
                    }
                }
            }
        }
    }
}

extension SamplePlane {
    /// Each sample replaced by its mean with the next one along the asked axes (the last
    /// one repeated): the plane moved half a sample towards its start.
    func shiftedHalfASample(across: Bool, down: Bool) -> SamplePlane {
        guard across || down else { return self }
        let dx = across ? 1 : 0
        let dy = down ? 1 : 0
        return samples.withUnsafeBufferPointer { source in
            SamplePlane(width: width, height: height) { target in
                for y in 0..<height {
                    let row = y * width
                    let next = min(y + dy, height - 1) * width
                    for x in 0..<width {
                        let x2 = min(x + dx, width - 1)
                        let sum =
                            Int(source[row + x]) + Int(source[row + x2]) + Int(source[next + x])
                            + Int(source[next + x2])
                        target[row + x] = UInt8(truncatingIfNeeded: (sum + 2) >> 2)
                    }
                }
            }
        }
    }
}
