import CLanczos
import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraImaging

/// `CLanczos`'s passes make the same samples with every instruction set the machine has
/// (plain C, SSE2, AVX2): a build is the same bytes on any machine, and the fast paths,
/// which only this machine's processor decides to take, are checked against the plain one.
final class ResamplerPassesTests: XCTestCase {
    /// Every instruction set this machine can run, plain C first.
    private var instructionSets: [lanczos_simd] {
        [LANCZOS_PLAIN_C, LANCZOS_SSE2, LANCZOS_AVX2].filter { $0.rawValue <= lanczos_best_simd().rawValue }
    }

    func testAnX86MachineTakesAFastPath() throws {
        #if arch(x86_64)
            XCTAssertGreaterThanOrEqual(lanczos_best_simd().rawValue, LANCZOS_SSE2.rawValue)
            // A processor the kernel says has AVX2 gets the AVX2 path (and so the test
            // above compares it with plain C).
            let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
            let flags = cpu.split(separator: "\n").first { $0.hasPrefix("flags") } ?? ""
            if flags.split(separator: " ").contains("avx2") {
                XCTAssertEqual(lanczos_best_simd(), LANCZOS_AVX2)
            }
        #else
            throw XCTSkip("the SIMD paths are x86-64's")
        #endif
    }

    func testLanczosPassesAgreeOnEveryInstructionSet() {
        var generator = SeededGenerator(seed: 7)
        // Widths around the 16- and 32-sample blocks, and scales up and down.
        for width in [1, 2, 15, 16, 17, 31, 32, 33, 47, 64, 95, 200] {
            for (height, targetHeight) in [(1, 3), (7, 2), (40, 13), (33, 33 * 2), (100, 9)] {
                let source = generator.samples(width * height)
                let down = LanczosWeights(sourceLength: height, targetLength: targetHeight)
                let across = LanczosWeights(sourceLength: width, targetLength: max(1, width / 3))
                var downs: [[UInt8]] = []
                var acrosses: [[UInt8]] = []
                for simd in instructionSets {
                    var target = [UInt8](repeating: 0, count: width * targetHeight)
                    lanczos_filter_down_using(simd, source, width, Int32(width), down.axis, &target)
                    downs.append(target)
                    var along = [UInt8](repeating: 0, count: across.count * height)
                    lanczos_filter_across_using(simd, source, width, Int32(width), Int32(height), across.axis, &along)
                    acrosses.append(along)
                }
                for (index, simd) in instructionSets.enumerated().dropFirst() {
                    XCTAssertEqual(downs[index], downs[0], "down, \(width)×\(height) → \(targetHeight), \(simd)")
                    XCTAssertEqual(acrosses[index], acrosses[0], "across, \(width)×\(height), \(simd)")
                }
            }
        }
    }

    func testAreaSumsAreExactOnEveryInstructionSet() {
        var generator = SeededGenerator(seed: 11)
        for width in [1, 3, 16, 17, 32, 33, 63, 64, 65, 301] {
            for taps in 1...5 {
                let rows = generator.samples(width * taps)
                // Area weights add up to one whole pixel (2^14); the largest takes what is left.
                var weights = (0..<taps).map { _ in Int16.random(in: 0...(16384 / Int16(taps)), using: &generator) }
                weights[0] += 16384 - weights.reduce(0, +)
                let expected = (0..<width).map { x in
                    (0..<taps).reduce(Int32(0)) { $0 + Int32(weights[$1]) * Int32(rows[$1 * width + x]) }
                }
                for simd in instructionSets {
                    var sums = [Int32](repeating: -1, count: width)
                    area_sum_down_using(simd, rows, width, Int32(width), Int32(taps), weights, &sums)
                    XCTAssertEqual(sums, expected, "\(width) samples, \(taps) taps, \(simd)")
                }
            }
        }
    }
}

extension SeededGenerator {
    /// `count` random 8-bit samples, for a test plane.
    fileprivate mutating func samples(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }
    }
}
