import TesseraCore
import TesseraImaging
import XCTest

/// A timing to quote, not a pass/fail check: set `TESSERA_MEASURE_JPEG` to a large JPEG.
final class RenderCostTests: XCTestCase {
    func testRenderCostOfALargeJPEG() throws {
        guard let path = ProcessInfo.processInfo.environment["TESSERA_MEASURE_JPEG"] else {
            throw XCTSkip("set TESSERA_MEASURE_JPEG=/path/to/large.jpg to measure render cost")
        }
        let file = URL(fileURLWithPath: path)
        let processor = LibGDImageProcessor()
        let info = try processor.inspect(file, format: .jpeg)
        let display = info.uprightSize.fitting(longEdge: 2048)
        let thumbnail = info.uprightSize.fitting(height: 400)
        for (name, sizes) in [("thumbnail", [thumbnail]), ("display+thumbnail", [display, thumbnail])] {
            var times: [Double] = []
            for _ in 0..<3 {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = try processor.render(file, info: info, sizes: sizes, quality: 85)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            print("render \(info.storedSize) → \(name) \(sizes): \(times.sorted()[1]) ms median of 3")
        }
    }
}
