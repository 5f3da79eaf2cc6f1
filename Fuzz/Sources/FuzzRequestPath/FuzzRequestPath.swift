import FuzzSupport

@testable import TesseraServe

/// A request path as `tessera serve` gets it from a client, still percent-encoded: decoded
/// once and refused unless it stays inside the served folder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestPath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let escaped = FuzzInput(data, size).text
    guard let path = try? RequestPath(escaped: escaped) else { return 0 }
    for segment in path.segments {
        if segment.isEmpty || segment == "." || segment == ".." || segment.contains("/") {
            FuzzInput.violated("an accepted path stays inside the root", "\(escaped) → \(path.segments)")
        }
        if segment.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) {
            FuzzInput.violated("an accepted path has no control byte or backslash", "\(escaped) → \(path.segments)")
        }
    }
    return 0
}
