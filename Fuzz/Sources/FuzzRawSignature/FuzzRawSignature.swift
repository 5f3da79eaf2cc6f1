import FuzzSupport

@testable import TesseraCore

/// The camera-raw decision the scan makes for every TIFF and raw-looking file: the
/// signature of ORF, RW2, RAF and CR3, and for TIFF structures the header, the first
/// directory, its sub-image directories and the `Make` tag, read where they lie. Checks
/// that reading the bytes from a file (as the scan does) decides as reading them from
/// memory does, and that whatever it calls raw is a raw row (which LibRaw then develops).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRawSignature(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput(data, size).bytes
    let found = RawSignature.format(of: bytes)
    file.write(bytes)
    let fromFile = RawSignature.format(ofFileAt: file.url.path)
    if fromFile != found {
        FuzzInput.violated(
            "a file decides as its bytes do", "\(String(describing: found)) ≠ \(String(describing: fromFile))")
    }
    if let found, found.kind != .raw || !found.isReadable {
        FuzzInput.violated("a raw is a raw row Tessera reads", "\(found)")
    }
    return 0
}

private let file = ScratchFile(name: "raw")
