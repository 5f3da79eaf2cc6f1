import Foundation
import XCTest

@testable import TesseraCore

/// The manifest is written by `SortedJSONWriter`, not `JSONEncoder`, so that a build does
/// not hold the whole manifest as a tree at each checkpoint. What it writes must be what
/// `JSONEncoder` (sorted keys, slashes unescaped) writes, or at least read back the same,
/// or a rebuild would trust nothing and encode every image again.
final class SortedJSONWriterTests: XCTestCase {
    private func jsonEncoder(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    private func sameJSON(_ a: [UInt8], _ b: Data, file: StaticString = #filePath, line: UInt = #line) throws {
        let x = try JSONSerialization.jsonObject(with: Data(a), options: [.fragmentsAllowed]) as? NSObject
        let y = try JSONSerialization.jsonObject(with: b, options: [.fragmentsAllowed]) as? NSObject
        XCTAssertEqual(x, y, file: file, line: line)
    }

    /// The manifest an earlier Tessera wrote (ManifestFixtureTests' fixture), read and
    /// written again: the same bytes `JSONEncoder` writes, read back as the same manifest.
    func testARealManifestIsWrittenAsJSONEncoderWritesIt() throws {
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: try Data(contentsOf: ManifestFixtureTests.fixture))
        XCTAssertFalse(manifest.photos.isEmpty)
        let written = manifest.encoded()
        XCTAssertEqual(
            String(decoding: written, as: UTF8.self), String(decoding: try jsonEncoder(manifest), as: UTF8.self))
        XCTAssertEqual(try JSONDecoder().decode(Manifest.self, from: Data(written)), manifest)
    }

    func testTextIsEscapedAsJSONNeedsAndNoMore() throws {
        let texts = [
            "plain", "a \"quoted\" caption", #"back\slash"#, "line\nbreak\ttab\r", "\u{1}\u{1F}\u{8}\u{C}",
            "Zürich, 東京, 🌅", "2024/06/01 a/b.jpg", "",
        ]
        let written = try SortedJSONWriter.bytes(of: texts)
        XCTAssertEqual(try JSONDecoder().decode([String].self, from: Data(written)), texts)
        try sameJSON(written, try jsonEncoder(texts))
        let text = String(decoding: written, as: UTF8.self)
        XCTAssertTrue(text.contains("2024/06/01 a/b.jpg"), "slashes are not escaped: \(text)")
        XCTAssertTrue(text.contains("Zürich, 東京, 🌅"), "UTF-8 is written as it is: \(text)")
        XCTAssertTrue(text.contains(#"\u0001\u001f\b\f"#), text)
    }

    func testNumbersReadBackExactly() throws {
        let doubles: [Double] = [0, -0.5, 1_764_752_938.123_456_7, 1e-7, 1.7e300, 5, 0.1]
        let written = try SortedJSONWriter.bytes(of: doubles)
        XCTAssertEqual(try JSONDecoder().decode([Double].self, from: Data(written)), doubles)
        let integers: [UInt64] = [0, 42, UInt64.max]
        XCTAssertEqual(
            try JSONDecoder().decode([UInt64].self, from: Data(try SortedJSONWriter.bytes(of: integers))), integers)
        let small: [Int8] = [-128, 127]
        XCTAssertEqual(try JSONDecoder().decode([Int8].self, from: Data(try SortedJSONWriter.bytes(of: small))), small)
        XCTAssertThrowsError(try SortedJSONWriter.bytes(of: [Double.nan]))
        XCTAssertThrowsError(try SortedJSONWriter.bytes(of: ["a": Double.infinity]))
    }

    /// Every kind of container a type can code itself with, nested, with nils, a key coded
    /// twice and a super encoder: the same JSON as `JSONEncoder`'s.
    func testEveryContainerIsWrittenAsJSONEncoderWritesIt() throws {
        struct Odd: Encodable {
            enum Keys: String, CodingKey { case zeta, alpha, nested, list, again, none }
            func encode(to encoder: any Encoder) throws {
                var keyed = encoder.container(keyedBy: Keys.self)
                try keyed.encode(1, forKey: .zeta)
                try keyed.encode("first", forKey: .again)
                try keyed.encode("second", forKey: .again)
                try keyed.encodeNil(forKey: .none)
                try keyed.encodeIfPresent(String?.none, forKey: .alpha)
                var nested = keyed.nestedContainer(keyedBy: Keys.self, forKey: .nested)
                try nested.encode(true, forKey: .alpha)
                var list = keyed.nestedUnkeyedContainer(forKey: .list)
                try list.encode(["b": 2, "a": 1])
                try list.encodeNil()
                var inner = list.nestedContainer(keyedBy: Keys.self)
                try inner.encode(Float(0.25), forKey: .zeta)
                var deeper = list.nestedUnkeyedContainer()
                try deeper.encode(URL(string: "https://example.org/a b")!)
                try deeper.encode(Data([0, 1, 2, 250]))
                let sup = keyed.superEncoder()
                var single = sup.singleValueContainer()
                try single.encode([3, 2, 1])
            }
        }
        try sameJSON(try SortedJSONWriter.bytes(of: Odd()), try jsonEncoder(Odd()))
        let text = String(decoding: try SortedJSONWriter.bytes(of: Odd()), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix(#"{"again":"second","list":"#), "sorted, the last of a key kept: \(text)")
    }

    func testAKnownPhotoWithEverythingReadsBack() throws {
        var metadata = PhotoMetadata()
        metadata.caption = "Lunch \"on the grass\"\n"
        metadata.iso = 200
        let clip = VideoInfo(
            container: "mov,mp4", duration: 2.5, codedSize: PixelSize(width: 1920, height: 1080),
            video: VideoStreamInfo(index: 0, codec: "hevc"))
        var manifest = Manifest()
        manifest.photos["Trip/a.jpg"] = Manifest.KnownPhoto(
            byteCount: 10, modified: 1_700_000_000.5, contentHash: "ab",
            info: PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 3, height: 2), metadata: metadata),
            video: clip, motion: KnownMotion(source: .embedded, contentHash: "cd", range: 5..<9), inode: 7,
            changed: 1_700_000_001.25)
        manifest.files["trip/a.jpg"] = Manifest.Product(fingerprint: "f")
        let written = manifest.encoded()
        XCTAssertEqual(try JSONDecoder().decode(Manifest.self, from: Data(written)), manifest)
        XCTAssertEqual(written, Array(try jsonEncoder(manifest)))
    }
}
