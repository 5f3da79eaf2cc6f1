import CTIFF
import TesseraCore

/// Reads the CMYK samples of an 8-bit CMYK TIFF with libtiff, for `SRGBConversion` to take
/// through the file's own CMYK profile, as a CMYK JPEG's are. libgd reads CMYK TIFFs by
/// libtiff's RGBA reader, whose fixed formula, (255 − C) × (255 − K) / 255, knows no press
/// or paper: colours came out up to 100 levels from what their profile says.
///
/// libtiff reads the file's bytes through the callbacks below, from a `Source` that lives
/// from `TIFFClientOpen` to `TIFFClose`; it keeps nothing of ours after `TIFFClose`.
enum CMYKTIFFReader {
    /// The samples, stored orientation, C, M, Y, K per pixel with 0 as no ink; nil when the
    /// TIFF is not 8-bit CMYK in one plane without extra samples, or libtiff cannot read
    /// it: libgd then decodes it as before, and judges any damage.
    static func read(_ bytes: [UInt8]) -> JPEGDecoder.InterleavedPixels? {
        bytes.withUnsafeBytes { raw in
            StandardErrorSilencer.silenced { () -> JPEGDecoder.InterleavedPixels? in
                let source = Source(bytes: raw)
                let handle = Unmanaged.passUnretained(source).toOpaque()
                guard
                    let tiff = TIFFClientOpen(
                        "", "rm", handle, Source.read, Source.write, Source.seek, Source.close, Source.size,
                        Source.map, Source.unmap)
                else { return nil }
                defer { TIFFClose(tiff) }
                return withExtendedLifetime(source) { samples(of: tiff) }
            }
        }
    }

    private static func samples(of tiff: OpaquePointer) -> JPEGDecoder.InterleavedPixels? {
        func field(_ tag: Int32) -> Int? {
            var value: UInt16 = 0
            return CTIFF_getUInt16(tiff, UInt32(tag), &value) != 0 ? Int(value) : nil
        }
        var width: UInt32 = 0
        var height: UInt32 = 0
        guard field(TIFFTAG_PHOTOMETRIC) == Int(PHOTOMETRIC_SEPARATED), field(TIFFTAG_INKSET) == Int(INKSET_CMYK),
            field(TIFFTAG_BITSPERSAMPLE) == 8, field(TIFFTAG_SAMPLESPERPIXEL) == 4,
            field(TIFFTAG_PLANARCONFIG) == Int(PLANARCONFIG_CONTIG), TIFFIsTiled(tiff) == 0,
            CTIFF_getUInt32(tiff, UInt32(TIFFTAG_IMAGEWIDTH), &width) != 0,
            CTIFF_getUInt32(tiff, UInt32(TIFFTAG_IMAGELENGTH), &height) != 0, width > 0, height > 0,
            TIFFScanlineSize(tiff) == Int(width) * 4
        else { return nil }
        let size = PixelSize(width: Int(width), height: Int(height))
        var samples = [UInt8](repeating: 0, count: size.pixelCount * 4)
        let complete = samples.withUnsafeMutableBytes { out in
            (0..<size.height).allSatisfy { y in
                TIFFReadScanline(tiff, out.baseAddress! + y * size.width * 4, UInt32(y), 0) == 1
            }
        }
        return complete
            ? JPEGDecoder.InterleavedPixels(size: size, samples: samples, isCMYK: true, isAdobeInverted: false) : nil
    }

    /// The file's bytes and where libtiff reads next.
    private final class Source {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        static func from(_ handle: thandle_t?) -> Source { Unmanaged<Source>.fromOpaque(handle!).takeUnretainedValue() }

        static let read: TIFFReadWriteProc = { handle, buffer, size in
            let source = from(handle)
            let count = max(0, min(Int(size), source.bytes.count - source.offset))
            if count > 0, let buffer {
                buffer.copyMemory(from: source.bytes.baseAddress! + source.offset, byteCount: count)
            }
            source.offset += count
            return tmsize_t(count)
        }
        static let write: TIFFReadWriteProc = { _, _, _ in -1 }
        static let seek: TIFFSeekProc = { handle, offset, whence in
            let source = from(handle)
            let base: Int
            switch whence {
            case SEEK_SET: base = 0
            case SEEK_CUR: base = source.offset
            case SEEK_END: base = source.bytes.count
            default: return toff_t.max
            }
            guard offset <= toff_t(Int.max) else { return toff_t.max }
            let (target, overflow) = base.addingReportingOverflow(Int(offset))
            guard !overflow, target >= 0 else { return toff_t.max }
            source.offset = target
            return toff_t(target)
        }
        static let close: TIFFCloseProc = { _ in 0 }
        static let size: TIFFSizeProc = { handle in toff_t(from(handle).bytes.count) }
        static let map: TIFFMapFileProc = { _, _, _ in 0 }
        static let unmap: TIFFUnmapFileProc = { _, _, _ in }
    }
}
