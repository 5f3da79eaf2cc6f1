import FuzzSupport

@testable import TesseraImaging

/// A JPEG's Photoshop resources (`APP13`, `Photoshop 3.0\0` then 8BIM blocks) through
/// libiptcdata: the IPTC title and caption.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIPTC(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let iptc = IPTCReader(photoshopResources: FuzzInput(data, size).bytes)
    _ = (iptc.title, iptc.caption)
    return 0
}
