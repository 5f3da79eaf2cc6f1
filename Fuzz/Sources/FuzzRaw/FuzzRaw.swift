import FuzzSupport

@testable import TesseraCore
@testable import TesseraImaging

/// A camera raw's bytes through LibRaw, from memory as the build reads them: opened (the
/// maker's structure, sizes and camera notes), then, within a 4 MP budget, unpacked,
/// developed at the size a small thumbnail needs and copied out of LibRaw's picture. Checks
/// that a developed picture is not empty and no larger than the size LibRaw first reported
/// (what the read stage planned renditions from).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRaw(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput(data, size).bytes
    // LibRaw tells makers apart by content; the format only names the file in problems.
    let format = RawSignature.format(of: bytes) ?? .dng
    do {
        let raw = try RawFile.open(bytes, format: format)
        _ = raw.metadata
        let full = raw.size
        let picture = try raw.develop(covering: PixelSize(width: 48, height: 48), budget: budget)
        let made = picture.size
        if made.width < 1 || made.height < 1 || made.width > full.width || made.height > full.height {
            FuzzInput.violated("a developed raw fits the size LibRaw reported", "\(made) of \(full)")
        }
    } catch {
        _ = error
    }
    return 0
}

private let budget = PixelBudget(megapixels: 4)
