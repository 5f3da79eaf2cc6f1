import XCTest

@testable import TesseraCore

/// Which source a photo's title and caption come from: sidecar > XMP > IPTC > EXIF.
final class PhotoTextTests: XCTestCase {
    private let everything = PhotoMetadata(
        caption: "EXIF description", xmpTitle: "XMP title", xmpDescription: "XMP description",
        iptcTitle: "IPTC title", iptcCaption: "IPTC caption")

    func testEachSourceWinsOverTheNextOne() {
        let sidecar = PhotoSidecar(
            title: "Sidecar title", caption: "Sidecar caption", captionHTML: "<p>Sidecar caption</p>")
        XCTAssertEqual(
            PhotoText(sidecar: sidecar, metadata: everything),
            PhotoText(title: "Sidecar title", caption: "Sidecar caption", captionHTML: "<p>Sidecar caption</p>"))
        XCTAssertEqual(
            PhotoText(sidecar: nil, metadata: everything),
            PhotoText(title: "XMP title", caption: "XMP description", captionHTML: "<p>XMP description</p>"))
        var noXMP = everything
        noXMP.xmpTitle = nil
        noXMP.xmpDescription = "  "
        XCTAssertEqual(PhotoText(sidecar: nil, metadata: noXMP).title, "IPTC title")
        XCTAssertEqual(PhotoText(sidecar: nil, metadata: noXMP).caption, "IPTC caption", "a blank field does not count")
        XCTAssertEqual(
            PhotoText(sidecar: nil, metadata: PhotoMetadata(caption: "EXIF description")).caption, "EXIF description")
    }

    func testASidecarWithATitleOnlyKeepsTheEmbeddedCaption() {
        let text = PhotoText(sidecar: PhotoSidecar(title: "Mine"), metadata: everything)
        XCTAssertEqual(text.title, "Mine")
        XCTAssertEqual(text.caption, "XMP description")
    }

    func testNothingMeansNothingNeverTheFileNameOrACameraDefault() {
        XCTAssertEqual(PhotoText(sidecar: nil, metadata: PhotoMetadata()), PhotoText())
        XCTAssertNil(PhotoText(sidecar: nil, metadata: PhotoMetadata(caption: "OLYMPUS DIGITAL CAMERA")).caption)
    }

    func testACaptionRepeatingTheTitleIsSaidOnce() {
        let text = PhotoText(sidecar: nil, metadata: PhotoMetadata(xmpTitle: "Dunes", xmpDescription: "Dunes"))
        XCTAssertEqual(text.title, "Dunes")
        XCTAssertNil(text.caption)
    }

    func testAnEmbeddedCaptionIsEscapedForItsHTML() {
        let text = PhotoText(sidecar: nil, metadata: PhotoMetadata(iptcCaption: "<b>Fish</b> & chips"))
        XCTAssertEqual(text.captionHTML, "<p>&lt;b&gt;Fish&lt;/b&gt; &amp; chips</p>")
    }
}
