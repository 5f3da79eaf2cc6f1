import FuzzSupport
import TesseraImaging

@testable import TesseraCore

/// A photo file all the way through: inspected, then decoded (libjpeg-turbo, libgd,
/// libpng, libheif), its colour profile converted (Little CMS), resized, turned upright
/// and encoded as a small JPEG. Photos are capped at 4 MP here so one input stays well
/// under libFuzzer's time and memory limits.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput(data, size).bytes
    guard let format = MediaFormat.sniff(bytes), format.isReadable else { return 0 }
    file.write(bytes)
    do {
        let info = try processor.inspect(file.url, format: format, budget: budget)
        let upright = info.uprightSize
        let scale = min(1, 48 / Double(max(upright.width, upright.height)))
        let small = PixelSize(
            width: max(1, Int(Double(upright.width) * scale)), height: max(1, Int(Double(upright.height) * scale)))
        let rendition = Rendition(role: .thumbnail, path: "t.jpg", size: small, format: .jpeg)
        let outputs = try processor.makeRenditions(
            of: file.url, info: info, renditions: [rendition], request: RenditionRequest(), budget: budget
        ).images
        if outputs.count != 1 || outputs[0].isEmpty {
            FuzzInput.violated("a decoded photo gives one non-empty JPEG", "\(outputs.map(\.count))")
        }
    } catch {
        _ = error
    }
    return 0
}

private let file = ScratchFile(name: "photo")
private let processor = ImagePipeline()
private let budget = PixelBudget(megapixels: 4)
