import XCTest

@testable import TesseraCore

/// Animated GIFs: how many frames a GIF holds, counted by its blocks.
final class GIFAnimationTests: XCTestCase {
    /// A GIF89a of `frames` 1×1 frames, with a global colour table, a looping extension
    /// and a graphic control extension before each frame.
    private func gif(frames: Int, trailer: Bool = true) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
        for _ in 0..<frames {
            bytes += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]
            bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0] + [2, 2, 0x4C, 0x01, 0]
        }
        if trailer { bytes.append(0x3B) }
        return bytes
    }

    func testFramesAreCountedUpToTheLimit() {
        XCTAssertEqual(GIFAnimation.frameCount(gif(frames: 1)), 1)
        XCTAssertEqual(GIFAnimation.frameCount(gif(frames: 2)), 2)
        XCTAssertEqual(GIFAnimation.frameCount(gif(frames: 5), limit: 10), 5)
        XCTAssertEqual(GIFAnimation.frameCount(gif(frames: 5)), 2, "counting stops at the limit")
    }

    func testALocalColourTableIsSkipped() {
        var bytes = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]
        for _ in 0..<2 { bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x80, 0, 0, 0, 9, 9, 9] + [2, 2, 0x4C, 0x01, 0] }
        XCTAssertEqual(GIFAnimation.frameCount(bytes + [0x3B]), 2)
    }

    func testACutOrDamagedGIFCountsTheFramesItFullyHolds() {
        let two = gif(frames: 2, trailer: false)
        XCTAssertEqual(GIFAnimation.frameCount(Array(two.dropLast(3))), 1)
        XCTAssertEqual(GIFAnimation.frameCount(Array("GIF89a".utf8)), 0)
        XCTAssertEqual(GIFAnimation.frameCount(Array("PNG".utf8) + [UInt8](repeating: 0, count: 20)), 0)
        // A global colour table larger than the file.
        XCTAssertEqual(GIFAnimation.frameCount(Array("GIF89a".utf8) + [1, 0, 1, 0, 0x87, 0, 0]), 0)
    }
}
