import Foundation
import Synchronization
import TesseraCore
import TesseraTestSupport
import XCTest

@testable import TesseraCore
@testable import TesseraVideo

/// ffprobe run on clips ffmpeg makes, and on files that are not clips.
final class ProbeTests: XCTestCase {
    let processor = FFmpegVideoProcessor()

    func testAPortraitPhoneClipIsReadAsPortrait() throws {
        let clips = try Clips()
        let clip = try clips.portraitPhone()
        XCTAssertEqual(try Judge.exifToolRotation(clip), 90, "exiftool sees the clip turned a quarter clockwise")
        let info = try processor.probe(clip)
        XCTAssertEqual(info.codedSize, PixelSize(width: 1920, height: 1080))
        XCTAssertEqual(info.rotation, 90)
        XCTAssertEqual(info.displaySize, PixelSize(width: 1080, height: 1920))
        XCTAssertEqual(info.audio?.codec, "aac")
        XCTAssertEqual(info.audio?.channels, 2)
        XCTAssertEqual(info.duration ?? 0, 1, accuracy: 0.1)
        XCTAssertTrue(info.hasLocation)
        XCTAssertEqual(info.recorded?.dateTime, "2024-05-01 12:00:00")
    }

    func testHDRIsRecognisedFromARealClip() throws {
        let clips = try Clips()
        let pq = try processor.probe(try clips.hdr("pq.mp4", transfer: "smpte2084"))
        XCTAssertEqual(pq.video.transfer, .pq)
        XCTAssertEqual(pq.video.codec, "hevc")
        XCTAssertTrue(pq.isHDR)
        let hlg = try processor.probe(try clips.hdr("hlg.mp4", transfer: "arib-std-b67"))
        XCTAssertEqual(hlg.video.transfer, .hlg)
    }

    /// Damaged files and files that only look like videos are refused with ffprobe's own
    /// reason, quickly, and never crash.
    func testFilesThatAreNotVideosAreRefusedInWords() throws {
        let clips = try Clips()
        let plain = try clips.testPattern("plain.mp4", sound: false)
        let cases: [(String, [UInt8], String)] = [
            ("empty.mp4", [], "moov atom not found"),
            ("noise.mov", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }, ""),
            ("cut.mp4", Array([UInt8](try Data(contentsOf: plain)).prefix(2000)), "moov atom not found"),
            ("text.mp4", Array("just some words\n".utf8), ""),
            // An HLS playlist reaching for another file: its demuxer is not on the list.
            (
                "playlist.mp4",
                Array("#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n\(plain.path)\n#EXT-X-ENDLIST\n".utf8),
                "its content is hls, not a video format Tessera publishes (MP4, MOV, MKV, WebM, AVI, MTS)"
            ),
        ]
        for (name, bytes, reason) in cases {
            let file = try clips.folder.write(name, bytes)
            let outcome = HangGuard.run { () -> String in
                do {
                    _ = try FFmpegVideoProcessor().probe(file)
                    return "read"
                } catch {
                    return "\(error)"
                }
            }
            let message = try XCTUnwrap(outcome, "\(name): ffprobe did not finish")
            XCTAssertTrue(message.hasPrefix("not a readable video"), "\(name): \(message)")
            if !reason.isEmpty { XCTAssertEqual(message, "not a readable video: \(reason)", name) }
            XCTAssertFalse(message.contains(clips.url.path), "\(name): the message repeats the path: \(message)")
        }
    }
}

extension ProbeTests {
    /// The build runs several at once: each run owns its pipes, and one child holding
    /// another's descriptor must not keep that one waiting.
    func testProbesAndPostersRunSideBySide() throws {
        let clips = try Clips()
        let clip = try clips.testPattern("shared.mp4", seconds: 2, sound: false)
        let folder = clips.url
        let outcomes = Mutex<[String]>([])
        let finished = HangGuard.run { () -> Bool in
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                let processor = FFmpegVideoProcessor()
                let outcome: String
                do {
                    let info = try processor.probe(clip)
                    let frame: PixelSize = try processor.posterFrame(
                        of: clip, info: info, output: folder.appendingPathComponent("poster-\(index).png"))
                    outcome = "\(frame)"
                } catch {
                    outcome = "\(error)"
                }
                outcomes.withLock { $0.append(outcome) }
            }
            return true
        }
        XCTAssertEqual(finished, true, "eight probes and posters at once did not finish")
        XCTAssertEqual(outcomes.withLock { $0 }, Array(repeating: "320×240", count: 8))
    }
}
