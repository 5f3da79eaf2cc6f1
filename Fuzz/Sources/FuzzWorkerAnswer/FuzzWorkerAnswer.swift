import Foundation
import FuzzSupport

@testable import TesseraCore
@testable import TesseraImaging

/// An imaging worker's answer as the build reads it: the worker is another process, and a
/// hostile photo may have taken it over, so its words are a stranger's. The input is the
/// answer's JSON, a zero byte, then the bytes that follow it. Read as `ImagingWorkers` reads
/// them: a photo's header must have a size a photo can have, and images are cut from the
/// bytes only when their lengths fill them exactly, each cut as long as its length says.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWorkerAnswer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput(data, size).bytes
    let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
    let payload = Array(bytes[min(split + 1, bytes.endIndex)...])
    guard let answer = try? JSONDecoder().decode(ImagingWorkerMessage.Answer.self, from: Data(bytes[..<split]))
    else { return 0 }
    if let info = answer.info,
        (try? ImagePipeline.check(info.storedSize, format: info.format, budget: PixelBudget(megapixels: 100))) != nil,
        !(1...ImagePipeline.maxSide).contains(info.storedSize.width)
            || !(1...ImagePipeline.maxSide).contains(info.storedSize.height)
    {
        FuzzInput.violated("a worker's header passes only with a size a photo can have", "\(info.storedSize)")
    }
    _ = answer.problem?.description
    if let lengths = answer.imageLengths, let images = ImagingWorkers.images(lengths, in: payload) {
        if images.map(\.count) != lengths || images.flatMap({ $0 }) != payload {
            FuzzInput.violated(
                "a worker's images are its bytes cut at its lengths", "\(lengths), \(payload.count) bytes")
        }
    }
    return 0
}
