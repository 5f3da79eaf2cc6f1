import FuzzSupport

@testable import TesseraImaging

/// An XMP packet (JPEG `APP1`, PNG `iTXt`, WebP `XMP `, HEIF item) through exempi.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let xmp = XMPReader(packet: FuzzInput(data, size).bytes)
    _ = (xmp.title, xmp.description, xmp.dateTaken)
    return 0
}
