import Foundation
import XCTest

@testable import TesseraCore

/// A photo's record holds its metadata, video facts and motion behind shared references
/// (`SharedValue`), so the copies a build makes of it cost a pointer each. Its manifest
/// form must stay what it was: every field written under its old name, none left out, and
/// a copy changed without changing the original.
final class KnownPhotoCodingTests: XCTestCase {
    private var full: Manifest.KnownPhoto {
        let clip = VideoInfo(
            container: "mov,mp4", duration: 2.5, codedSize: PixelSize(width: 1920, height: 1080),
            video: VideoStreamInfo(index: 0, codec: "hevc"), locationTags: ["location"], bitRate: 900_000)
        var metadata = PhotoMetadata()
        metadata.caption = "Boats at dawn"
        metadata.iso = 200
        let info = PhotoInfo(
            format: .jpeg, storedSize: PixelSize(width: 4032, height: 3024), orientation: .right, metadata: metadata)
        var record = Manifest.KnownPhoto(
            byteCount: 1234, modified: 1_700_000_000.25, contentHash: "abcd", info: info, video: clip,
            raws: [PhotoFile(relativePath: "a.dng", format: .dng, byteCount: 99, modified: 5)],
            pictureInfo: PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 4032, height: 3024)),
            motion: KnownMotion(source: .live, contentHash: "ef01", info: clip), inode: 42, changed: 1_700_000_001.5)
        record.fromRaw = "cannot be decoded; published from a.dng, its RAW"
        return record
    }

    func testEveryFieldIsWrittenUnderItsOwnNameAndReadBack() throws {
        let record = full
        let data = try JSONEncoder().encode(record)
        XCTAssertEqual(try JSONDecoder().decode(Manifest.KnownPhoto.self, from: data), record)

        // The keys are the record's stored fields, the shared ones under the names they had
        // inline: a field missing from its CodingKeys would be missing here.
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let fields = Mirror(reflecting: record).children.compactMap(\.label).map { label in
            label.hasPrefix("shared")
                ? label.dropFirst("shared".count).prefix(1).lowercased()
                    + label.dropFirst("shared".count + 1) : label
        }
        XCTAssertEqual(Set(object.keys), Set(fields))
        XCTAssertEqual(object.count, 12)
        // The metadata is an object inside the header, as before it was shared.
        let info = try XCTUnwrap(object["info"] as? [String: Any])
        XCTAssertEqual((info["metadata"] as? [String: Any])?["caption"] as? String, "Boats at dawn")
        XCTAssertEqual((object["video"] as? [String: Any])?["container"] as? String, "mov,mp4")
        XCTAssertEqual((object["motion"] as? [String: Any])?["source"] as? String, "live")
    }

    func testAPhotoWithoutVideoOrMotionWritesNeither() throws {
        var record = full
        record.video = nil
        record.motion = nil
        record.fromRaw = nil
        let object = try XCTUnwrap(
            JSONSerialization.jsonObject(with: try JSONEncoder().encode(record)) as? [String: Any])
        XCTAssertNil(object["video"])
        XCTAssertNil(object["motion"])
        XCTAssertNil(object["fromRaw"])
        XCTAssertEqual(object.count, 9)
    }

    func testChangingACopyLeavesTheOriginalAsItWas() {
        let original = full
        var copy = original
        copy.info.metadata.caption = "Changed"
        copy.video?.duration = 9
        copy.motion?.problem = "gone"
        XCTAssertEqual(original.info.metadata.caption, "Boats at dawn")
        XCTAssertEqual(original.video?.duration, 2.5)
        XCTAssertNil(original.motion?.problem)
        XCTAssertEqual(copy.info.metadata.caption, "Changed")
        XCTAssertEqual(copy.video?.duration, 9)
        XCTAssertEqual(copy.motion?.problem, "gone")
        XCTAssertNotEqual(copy, original)
        XCTAssertNotEqual(copy.info.hashValue, original.info.hashValue)
        XCTAssertEqual(original, full, "equal values compare equal whether or not they share")
    }

    /// A copy of a record shares its metadata rather than carrying it inline.
    func testARecordIsSmallWhateverItCarries() {
        XCTAssertLessThanOrEqual(MemoryLayout<Manifest.KnownPhoto>.size, 200)
        XCTAssertLessThanOrEqual(MemoryLayout<PhotoInfo>.size, 48)
    }
}
