import TesseraCore
import TesseraImaging
import XCTest

/// Every file of a folder through inspect and render: no crash, no hang, a reason for each
/// refusal. Opt-in (`TESSERA_SWEEP=/path/to/folder`) because hostile corpora are slow.
final class CorpusSweepTests: XCTestCase {
    func testSweepAFolder() throws {
        guard let path = ProcessInfo.processInfo.environment["TESSERA_SWEEP"] else {
            throw XCTSkip("set TESSERA_SWEEP=/path/to/folder to run every image in it")
        }
        let processor = LibGDImageProcessor()
        let files = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
        var rendered = 0, refused: [String: Int] = [:], slowest: [(Double, String)] = []
        for name in files.sorted() {
            let file = URL(fileURLWithPath: path).appendingPathComponent(name)
            guard let head = try? FileHandle(forReadingFrom: file).read(upToCount: 32),
                let format = ImageFormat.sniff([UInt8](head))
            else { continue }
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                let info = try processor.inspect(file, format: format)
                let size = info.uprightSize.fitting(longEdge: 200)
                _ = try processor.render(file, info: info, sizes: [size], quality: 80)
                rendered += 1
            } catch {
                let reason = "\(error)".split(separator: ":").prefix(2).joined(separator: ":")
                refused[reason, default: 0] += 1
                if ProcessInfo.processInfo.environment["TESSERA_SWEEP_VERBOSE"] != nil {
                    print("sweep: \(name): \(error)")
                }
            }
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            slowest = Array((slowest + [(ms, name)]).sorted { $0.0 > $1.0 }.prefix(5))
        }
        print("sweep: \(rendered) rendered, refused: \(refused.sorted { $0.value > $1.value })")
        print("sweep: slowest \(slowest)")
    }
}
