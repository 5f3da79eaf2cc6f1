import CGD
import Foundation

@testable import TesseraCore

/// A libgd image drawn or decoded by a test, independent of the code under test.
final class TestImage {
    let pointer: gdImagePtr

    init(width: Int, height: Int) {
        pointer = gdImageCreateTrueColor(Int32(width), Int32(height))!
    }

    /// Decodes a JPEG with libgd; nil when libgd cannot.
    init?(jpeg: [UInt8]) {
        var copy = jpeg
        guard
            let decoded = copy.withUnsafeMutableBytes({
                gdImageCreateFromJpegPtr(Int32($0.count), $0.baseAddress)
            })
        else { return nil }
        pointer = decoded
    }

    /// Takes ownership of an image libgd returned.
    init(owning pointer: gdImagePtr) {
        self.pointer = pointer
    }

    /// Decodes a PNG with libgd, laying any transparency over white; nil when libgd cannot.
    init?(png: [UInt8]) {
        var copy = png
        guard
            let decoded = copy.withUnsafeMutableBytes({
                gdImageCreateFromPngPtr(Int32($0.count), $0.baseAddress)
            })
        else { return nil }
        pointer = gdImageCreateTrueColor(decoded.pointee.sx, decoded.pointee.sy)!
        gdImageFilledRectangle(pointer, 0, 0, decoded.pointee.sx - 1, decoded.pointee.sy - 1, 0xFFFFFF)
        gdImageAlphaBlending(pointer, 1)
        gdImageCopy(pointer, decoded, 0, 0, 0, 0, decoded.pointee.sx, decoded.pointee.sy)
        gdImageDestroy(decoded)
    }

    deinit { gdImageDestroy(pointer) }

    /// A copy resized with libgd's own resampler (not the code under test).
    func resampled(to size: PixelSize) -> TestImage {
        if size == self.size { return self }
        let copy = TestImage(width: size.width, height: size.height)
        gdImageCopyResampled(
            copy.pointer, pointer, 0, 0, 0, 0, Int32(size.width), Int32(size.height), Int32(width), Int32(height))
        return copy
    }

    var width: Int { Int(pointer.pointee.sx) }
    var height: Int { Int(pointer.pointee.sy) }
    var size: PixelSize { PixelSize(width: width, height: height) }

    func set(_ x: Int, _ y: Int, _ rgb: RGB) {
        gdImageSetPixel(pointer, Int32(x), Int32(y), rgb.gdColor)
    }

    func color(_ x: Int, _ y: Int) -> RGB {
        let c = gdImageGetTrueColorPixel(pointer, Int32(x), Int32(y))
        return RGB(Int((c >> 16) & 0xFF), Int((c >> 8) & 0xFF), Int(c & 0xFF))
    }

    func encoded(_ format: MediaFormat, quality: Int = 92) -> [UInt8]? {
        var size: Int32 = 0
        let buffer: UnsafeMutableRawPointer?
        switch format {
        case .jpeg: buffer = gdImageJpegPtr(pointer, &size, Int32(quality))
        case .png: buffer = gdImagePngPtr(pointer, &size)
        case .gif: buffer = gdImageGifPtr(pointer, &size)
        case .webp: buffer = gdImageWebpPtr(pointer, &size)
        case .avif: buffer = gdImageAvifPtrEx(pointer, &size, 60, 10)
        case .heif: buffer = gdImageHeifPtr(pointer, &size)
        case .tiff: buffer = gdImageTiffPtr(pointer, &size)
        default: return nil  // libgd writes no raw or video
        }
        guard let buffer, size > 0 else { return nil }
        defer { gdFree(buffer) }
        return [UInt8](UnsafeRawBufferPointer(start: buffer, count: Int(size)))
    }
}

struct RGB: Equatable, CustomStringConvertible {
    var r, g, b: Int
    init(_ r: Int, _ g: Int, _ b: Int) { (self.r, self.g, self.b) = (r, g, b) }
    var gdColor: Int32 { Int32(r << 16 | g << 8 | b) }
    func distance(to other: RGB) -> Int { max(abs(r - other.r), abs(g - other.g), abs(b - other.b)) }
    var description: String { "rgb(\(r), \(g), \(b))" }

    static let red = RGB(220, 30, 30), green = RGB(30, 200, 40)
    static let blue = RGB(30, 40, 220), yellow = RGB(240, 220, 30)
}

/// Where a stored pixel appears once the EXIF orientation is applied, written from the
/// EXIF definitions ("row 0 is the visual right side…"), not from the code under test.
func uprightPosition(
    ofStored x: Int, _ y: Int, width w: Int, height h: Int, _ o: Orientation
)
    -> (Int, Int)
{
    switch o {
    case .up: return (x, y)
    case .upMirrored: return (w - 1 - x, y)
    case .down: return (w - 1 - x, h - 1 - y)
    case .downMirrored: return (x, h - 1 - y)
    case .leftMirrored: return (y, x)
    case .right: return (h - 1 - y, x)
    case .rightMirrored: return (h - 1 - y, w - 1 - x)
    case .left: return (y, w - 1 - x)
    }
}
