import FuzzSupport
import TesseraImaging

@testable import TesseraCore

/// A photo file's header as a build reads it, decoding no pixels: the format sniffed from
/// its first bytes (as `CatalogScanner` does), then `inspect` (JPEG markers, PNG chunks,
/// GIF blocks, WebP chunks, TIFF IFDs, AVIF/HEIF boxes through libheif), with the EXIF,
/// XMP and IPTC found there. A photo that cannot be read is a `PhotoProblem`, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput(data, size).bytes
    guard let format = MediaFormat.sniff(bytes), format.isReadable else { return 0 }
    file.write(bytes)
    do {
        let info = try processor.inspect(file.url, format: format, budget: budget)
        if info.storedSize.width < 1 || info.storedSize.height < 1 {
            FuzzInput.violated("an inspected photo has a size", "\(info.storedSize)")
        }
    } catch {
        _ = error
    }
    return 0
}

private let file = ScratchFile(name: "photo")
private let processor = ImagePipeline()
private let budget = PixelBudget(SiteConfiguration.Images())
