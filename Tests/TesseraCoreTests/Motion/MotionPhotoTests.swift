import XCTest

@testable import TesseraCore

/// Motion Photos: where the MP4 appended to a still lies, by its XMP, and what a hostile
/// declaration gets (a problem naming it, never a read outside the file).
final class MotionPhotoTests: XCTestCase {
    private let mp4: [UInt8] = [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [UInt8](repeating: 0, count: 40)

    private func still(xmp: String, padding: Int = 100) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE1] + Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(xmp.utf8)
            + [UInt8](repeating: 0x55, count: padding) + [0xFF, 0xD9]
    }

    private func range(_ bytes: [UInt8]) -> Result<Range<Int>, MotionPhoto.Problem>? {
        MotionPhoto.videoRange(
            { offset, count in
                guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
                return Array(bytes[offset..<min(bytes.count, offset + count)])
            }, fileSize: bytes.count)
    }

    private func packet(_ body: String) -> String {
        "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF><rdf:Description \(body)</rdf:RDF></x:xmpmeta>"
    }

    func testMicroVideoOffsetAsAnAttributeGivesTheAppendedMP4() throws {
        let picture = still(xmp: packet("GCamera:MicroVideo=\"1\" GCamera:MicroVideoOffset=\"\(mp4.count)\"/>"))
        let file = picture + mp4
        XCTAssertEqual(try range(file)?.get(), picture.count..<file.count)
    }

    func testMicroVideoOffsetAsAnElementGivesTheAppendedMP4() throws {
        let picture = still(
            xmp: packet("><GCamera:MicroVideoOffset>\(mp4.count)</GCamera:MicroVideoOffset></rdf:Description>"))
        let file = picture + mp4
        XCTAssertEqual(try range(file)?.get(), picture.count..<file.count)
    }

    func testAContainerDirectoryGivesTheMotionPhotoItem() throws {
        let directory = """
            GCamera:MotionPhoto="1"><Container:Directory><rdf:Seq>\
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li>\
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="\(mp4.count)" Item:Padding="0"/></rdf:li>\
            </rdf:Seq></Container:Directory></rdf:Description>
            """
        let picture = still(xmp: packet(directory))
        let file = picture + mp4
        XCTAssertEqual(try range(file)?.get(), picture.count..<file.count)
    }

    func testAStillWithoutADeclarationHasNoMotion() {
        XCTAssertNil(range(still(xmp: packet("dc:title=\"x\"/>"))))
        XCTAssertNil(range(still(xmp: "")))
        XCTAssertNil(range([]))
    }

    func testHostileOffsetsAreProblemsNamingWhatIsWrong() {
        let base = still(xmp: packet("GCamera:MicroVideoOffset=\"OFFSET\"/>"))
        func declared(_ offset: String, then tail: [UInt8]) -> [UInt8] {
            Array(String(decoding: base, as: UTF8.self).replacingOccurrences(of: "OFFSET", with: offset).utf8) + tail
        }
        let cases: [(String, [UInt8], String)] = [
            ("99999999", mp4, "outside the file"),  // past the start of the file
            ("0", mp4, "outside the file"),  // an empty video
            ("-5", mp4, "not a number"),
            ("12abc", mp4, "not a number"),
            ("999999999999999999999999", mp4, "not a number"),  // overflows Int
            ("20", mp4, "ftyp"),  // points into the MP4's middle
        ]
        for (offset, tail, expected) in cases {
            let file = declared(offset, then: tail)
            guard case .failure(let problem)? = range(file) else {
                XCTFail("offset \(offset) should be a problem")
                continue
            }
            XCTAssertTrue(problem.description.contains(expected), "\(offset): \(problem)")
            XCTAssertTrue(problem.description.contains("published as a still"), "\(problem)")
        }
        // The whole file is no room for a picture.
        let whole = declared(String(base.count + mp4.count), then: mp4)
        guard case .failure? = range(whole) else { return XCTFail("an MP4 at byte 0 leaves no still") }
    }

    func testAnOffsetThatIsNotAnMP4IsAProblem() {
        let tail = [UInt8](repeating: 0x41, count: 64)
        let file = still(xmp: packet("GCamera:MicroVideoOffset=\"64\"/>")) + tail
        guard case .failure(.notMP4)? = range(file) else { return XCTFail("no ftyp box is no MP4") }
    }
}
