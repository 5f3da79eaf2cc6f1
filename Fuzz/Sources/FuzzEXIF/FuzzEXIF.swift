import FuzzSupport

@testable import TesseraImaging

/// An EXIF block (`Exif\0\0`, then a TIFF header and IFDs) through libexif: orientation,
/// date, camera and exposure notes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEXIF(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput(data, size).bytes
    // The probes hand libexif blocks that start `Exif\0\0`; most inputs are given the
    // prefix so the fuzzer spends its time inside the TIFF structure.
    let prefixed = bytes.first.map { $0 & 1 == 0 } ?? true
    let block = prefixed ? Array("Exif".utf8) + [0, 0] + bytes.dropFirst() : bytes
    let exif = ExifReader(block: block)
    _ = (exif.orientation, exif.metadata)
    return 0
}
