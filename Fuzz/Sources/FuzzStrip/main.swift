import FuzzSupport

@testable import TesseraCore

/// An original published `stripped` (`JPEGStripping`), from whatever bytes a camera or a
/// stranger wrote. Checks that a stripped file runs from a start-of-image to an end-of-image
/// marker, that the verifier (`MediaMetadata`, what `tessera verify` reads) finds nothing in
/// it — no position, no EXIF beyond the orientation, no XMP, IPTC, text or trailer — and that
/// stripping it again changes nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStrip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput(data, size).bytes
    // The orientation comes from the last byte, so every value (and nonsense ones) is tried.
    let orientation = bytes.last.map { Int($0 % 10) } ?? 1
    guard let stripped = JPEGStripping.strip(bytes, orientation: orientation) else { return 0 }
    if !(stripped.starts(with: [0xFF, 0xD8]) && stripped.suffix(2).elementsEqual([0xFF, 0xD9])) {
        FuzzInput.violated("a stripped original is a JPEG from SOI to EOI", "\(stripped.count) bytes")
    }
    let found = stripped.withUnsafeBytes { MediaMetadata.findings(in: $0) }
    if !found.isEmpty {
        FuzzInput.violated("a stripped original carries no metadata", found.map(\.detail).joined(separator: "; "))
    }
    // One walk (JPEGSegments) decides both what is removed and what the verifier reads, so a
    // stripped file is a fixed point (seed regression-late-jfif-not-idempotent).
    if JPEGStripping.strip(stripped, orientation: orientation) != stripped {
        FuzzInput.violated("stripping a stripped original changes nothing", "\(stripped.count) bytes")
    }
    return 0
}
