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

    /// What real cameras write when the photographer wrote nothing (the public EXIF samples'
    /// Konica Minolta, Minolta, Samsung and phones' `Exif_JPEG_PICTURE`) is no caption; words
    /// a person wrote about a camera are.
    func testMakersDefaultDescriptionsAreNoCaptionButSentencesAboutCamerasAre() {
        for boilerplate in [
            "KONICA MINOLTA DIGITAL CAMERA", "MINOLTA DIGITAL CAMERA", "KODAK  DIGITAL CAMERA ", "Exif_JPEG_PICTURE",
            "<Digimax i50 MP3, Samsung #1 MP3>", "<KENOX S630  / Samsung S630>", "SAMSUNG CAMERA PICTURES",
            "sony dsc", "OLYMPUS DIGITAL CAMERA",
        ] {
            let text = PhotoText(sidecar: nil, metadata: PhotoMetadata(caption: boilerplate))
            XCTAssertNil(text.caption, boilerplate)
            XCTAssertNil(text.title, boilerplate)
        }
        for caption in [
            "Testing my new digital camera", "THE BEST SHOT FROM MY OLD NIKON DIGITAL CAMERA", "<3 Paris>",
            "Picture of the harbour",
        ] {
            XCTAssertEqual(PhotoText(sidecar: nil, metadata: PhotoMetadata(caption: caption)).caption, caption)
        }
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
