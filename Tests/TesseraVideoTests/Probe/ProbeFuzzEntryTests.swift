import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore
@testable import TesseraVideo

/// `ProbeReport.fuzz`, the fuzz harness's entry point, over the fixtures and thousands of
/// deterministic mutations of them: never a crash, never a hang.
final class ProbeFuzzEntryTests: XCTestCase {
    func testMutatedReportsNeverCrash() throws {
        let seeds = try FileManager.default.contentsOfDirectory(
            at: ProbeReportTests.fixtures, includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "json" }.map { [UInt8](try Data(contentsOf: $0)) }
        XCTAssertGreaterThan(seeds.count, 10)
        let replacements: [[UInt8]] = [
            Array("-1".utf8), Array("1e308".utf8), Array("\"N/A\"".utf8), Array("[]".utf8), Array("{}".utf8),
            Array("null".utf8), Array("\"0/0\"".utf8), Array("99999999999999999999".utf8), [0xFF], [0x22],
        ]
        let finished = HangGuard.run {
            var random = SeededGenerator(seed: 19)
            for round in 0..<3000 {
                var bytes = seeds[round % seeds.count]
                for _ in 0..<(1 + Int(random.next() % 4)) {
                    let at = Int(random.next() % UInt64(max(1, bytes.count)))
                    switch random.next() % 3 {
                    case 0:
                        bytes.replaceSubrange(
                            at..<min(bytes.count, at + 3), with: replacements[Int(random.next() % 10)])
                    case 1: bytes = Array(bytes.prefix(at))
                    default: if at < bytes.count { bytes[at] = UInt8(truncatingIfNeeded: random.next()) }
                    }
                }
                ProbeReport.fuzz(bytes)
            }
            return true
        }
        XCTAssertEqual(finished, true, "3000 mutated reports did not finish")
    }
}
