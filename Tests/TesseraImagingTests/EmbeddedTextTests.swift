import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore
@testable import TesseraImaging

/// Titles and captions photo software writes into the photo (XMP, IPTC), each read into
/// its own field, in every container that carries them; damaged blocks leave them empty.
final class EmbeddedTextTests: XCTestCase {
    let processor = ImagePipeline()

    /// A drawn photo in `format`, then given `tags` by exiftool.
    /// With `noisy`, pixels that do not compress, for a file larger than the probed bytes.
    func photo(
        _ format: MediaFormat, tags: [String], width: Int = 120, height: Int = 80, noisy: Bool = false
    ) throws -> URL {
        let image = TestImage(width: width, height: height)
        var seed: UInt32 = 2_463_534_242
        for y in 0..<height {
            for x in 0..<width {
                seed ^= seed << 13
                seed ^= seed >> 17
                seed ^= seed << 5
                let noise = noisy ? Int(seed & 0xFFFFFF) : 0
                image.set(x, y, RGB((x * 5 + noise) % 256, (y * 3 + noise >> 8) % 256, (120 + noise >> 16) % 256))
            }
        }
        let file = try folder.write(XCTUnwrap(image.encoded(format)), as: "photo-\(UUID()).\(format.rawValue)")
        if !tags.isEmpty {
            guard ExifTool.isAvailable else { throw XCTSkip(ExifTool.missing) }
            try ExifTool.write(tags, to: file)
        }
        return file
    }

    var folder: FixtureFolder!
    override func setUpWithError() throws { folder = try FixtureFolder() }
    override func tearDown() { folder = nil }

    func testLightroomStyleJPEGKeepsEachSourceApart() throws {
        let file = try photo(
            .jpeg,
            tags: [
                "-XMP-dc:Title=Pont de l’Alma à l’aube",
                "-XMP-dc:Description=Brume sur la Seine, 6 h 12",
                "-IPTC:CodedCharacterSet=UTF8",
                "-IPTC:ObjectName=東京の夜 🌃",
                "-IPTC:Caption-Abstract=Café au Zürichsee 🍰",
                "-EXIF:ImageDescription=Camera description",
            ])
        let notes = try processor.inspect(file, format: .jpeg).metadata
        XCTAssertEqual(notes.xmpTitle, "Pont de l’Alma à l’aube")
        XCTAssertEqual(notes.xmpDescription, "Brume sur la Seine, 6 h 12")
        XCTAssertEqual(notes.iptcTitle, "東京の夜 🌃")
        XCTAssertEqual(notes.iptcCaption, "Café au Zürichsee 🍰")
        XCTAssertEqual(notes.caption, "Camera description", "EXIF stays in its own field")
    }

    func testPhotoshopFile() throws {
        guard let file = Corpus.file("exif-samples/xmp/BlueSquare.jpg") else {
            throw XCTSkip("../shared/corpus/exif-samples/xmp/BlueSquare.jpg is not on this machine")
        }
        let notes = try processor.inspect(file, format: .jpeg).metadata
        let description = "XMPFiles BlueSquare test file, created in Photoshop CS2, saved as .psd, .jpg, and .tif."
        XCTAssertEqual(notes.xmpTitle, "Blue Square Test File - .jpg")
        XCTAssertEqual(notes.xmpDescription, description)
        XCTAssertEqual(notes.iptcTitle, "Blue Square Test File - .jpg")
        XCTAssertEqual(notes.iptcCaption, description)
    }

    func testOnlyIPTC() throws {
        let file = try photo(
            .jpeg,
            tags: [
                "-IPTC:CodedCharacterSet=UTF8", "-IPTC:Headline=Harbour at dusk",
                "-IPTC:Caption-Abstract=  Boats coming home  ",
            ])
        let notes = try processor.inspect(file, format: .jpeg).metadata
        XCTAssertEqual(notes.iptcTitle, "Harbour at dusk", "the Headline stands in for a missing Object Name")
        XCTAssertEqual(notes.iptcCaption, "Boats coming home", "trimmed")
        XCTAssertNil(notes.xmpTitle)
        XCTAssertNil(notes.xmpDescription)
        XCTAssertNil(notes.caption)
    }

    func testObjectNameWinsOverHeadline() throws {
        let file = try photo(
            .jpeg,
            tags: [
                "-IPTC:CodedCharacterSet=UTF8", "-IPTC:Headline=Headline", "-IPTC:ObjectName=Object name",
            ])
        XCTAssertEqual(try processor.inspect(file, format: .jpeg).metadata.iptcTitle, "Object name")
    }

    func testLatin1IPTCFromOlderSoftware() throws {
        // Without CodedCharacterSet, exiftool writes IPTC in Latin-1, as older software did.
        let file = try photo(.jpeg, tags: ["-charset", "iptc=Latin", "-IPTC:Caption-Abstract=Crème brûlée à Köln"])
        let bytes = try [UInt8](Data(contentsOf: file))
        XCTAssertNotNil(
            bytes.firstRange(of: Array("Cr\u{E8}me".unicodeScalars.map { UInt8($0.value) })),
            "the fixture really is Latin-1")
        XCTAssertEqual(try processor.inspect(file, format: .jpeg).metadata.iptcCaption, "Crème brûlée à Köln")
    }

    func testOnlyXMP() throws {
        let file = try photo(.jpeg, tags: ["-XMP-dc:Title=Only XMP", "-XMP-dc:Description=Nothing else"])
        let notes = try processor.inspect(file, format: .jpeg).metadata
        XCTAssertEqual(notes.xmpTitle, "Only XMP")
        XCTAssertEqual(notes.xmpDescription, "Nothing else")
        XCTAssertNil(notes.iptcTitle)
        XCTAssertNil(notes.iptcCaption)
        XCTAssertNil(notes.caption)
    }

    func testOnlyEXIF() throws {
        let file = try photo(.jpeg, tags: ["-EXIF:ImageDescription=Only the camera's note"])
        let notes = try processor.inspect(file, format: .jpeg).metadata
        XCTAssertEqual(notes.caption, "Only the camera's note")
        XCTAssertEqual(
            [notes.xmpTitle, notes.xmpDescription, notes.iptcTitle, notes.iptcCaption], [nil, nil, nil, nil])
    }

    func testTwoLanguagesPickXDefault() throws {
        let file = try photo(
            .jpeg,
            tags: [
                "-XMP-dc:Description-de=Die Brücke im Nebel", "-XMP-dc:Description=The bridge in fog",
                "-XMP-dc:Description-ja=霧の橋",
            ])
        XCTAssertEqual(try processor.inspect(file, format: .jpeg).metadata.xmpDescription, "The bridge in fog")
    }

    func testWithoutXDefaultTheFirstLanguageIsTaken() throws {
        let packet = XMPPacket.description(
            #"""
            <dc:title><rdf:Alt>
              <rdf:li xml:lang="fr">Le pont</rdf:li><rdf:li xml:lang="de">Die Brücke</rdf:li>
            </rdf:Alt></dc:title>
            """#)
        let file = try folder.write(XMPPacket.jpeg(photo(.jpeg, tags: []), packet: Array(packet.utf8)), as: "fr.jpg")
        XCTAssertEqual(try processor.inspect(file, format: .jpeg).metadata.xmpTitle, "Le pont")
    }

    func testXDefaultWinsWhereverItIsListed() throws {
        let packet = XMPPacket.description(
            #"""
            <dc:description><rdf:Alt>
              <rdf:li xml:lang="de">Die Brücke</rdf:li><rdf:li xml:lang="x-default">The bridge</rdf:li>
            </rdf:Alt></dc:description>
            """#)
        let file = try folder.write(XMPPacket.jpeg(photo(.jpeg, tags: []), packet: Array(packet.utf8)), as: "de.jpg")
        XCTAssertEqual(try processor.inspect(file, format: .jpeg).metadata.xmpDescription, "The bridge")
    }

    func testXMPDateFillsAMissingEXIFDate() throws {
        let file = try photo(.jpeg, tags: ["-XMP-exif:DateTimeOriginal=2019:07:14 21:05:33+02:00"])
        XCTAssertEqual(try processor.inspect(file, format: .jpeg).metadata.dateTaken, "2019-07-14 21:05:33")

        let createOnly = try photo(.jpeg, tags: ["-XMP-xmp:CreateDate=2020:01:02 03:04"])
        XCTAssertEqual(try processor.inspect(createOnly, format: .jpeg).metadata.dateTaken, "2020-01-02 03:04:00")

        let both = try photo(
            .jpeg,
            tags: [
                "-EXIF:DateTimeOriginal=2001:02:03 04:05:06", "-XMP-exif:DateTimeOriginal=2019:07:14 21:05:33",
            ])
        XCTAssertEqual(
            try processor.inspect(both, format: .jpeg).metadata.dateTaken, "2001-02-03 04:05:06",
            "EXIF's own date wins")
    }

    /// A phone records the offset of its clock from UTC beside the time (EXIF 2.31's
    /// `OffsetTimeOriginal`; XMP after the time): what tells a trip's clock from home's.
    func testTheClocksOffsetIsReadWithTheDateFromEXIFOrXMP() throws {
        func offset(_ tags: [String]) throws -> Int? {
            try processor.inspect(photo(.jpeg, tags: tags), format: .jpeg).metadata.utcOffsetMinutes
        }
        XCTAssertEqual(
            try offset(["-EXIF:DateTimeOriginal=2024:05:01 10:00:00", "-EXIF:OffsetTimeOriginal=+09:00"]), 540)
        XCTAssertEqual(
            try offset(["-EXIF:DateTimeOriginal=2024:05:01 10:00:00", "-EXIF:OffsetTime=-03:30"]), -210,
            "the file time's offset, when the original's is not written")
        XCTAssertNil(try offset(["-EXIF:DateTimeOriginal=2024:05:01 10:00:00"]), "a camera that records none")
        XCTAssertEqual(
            try offset([
                "-EXIF:DateTimeOriginal=2024:05:01 10:00:00", "-EXIF:OffsetTime=+09:00",
                "-EXIF:OffsetTimeOriginal#=   :  ",
            ]), 540, "EXIF's blank (unknown) offset gives way to the other")
        XCTAssertNil(try offset(["-EXIF:OffsetTimeOriginal=+09:00"]), "an offset without a time dates nothing")
        XCTAssertEqual(try offset(["-XMP-exif:DateTimeOriginal=2019:07:14 21:05:33.25+02:00"]), 120)
        XCTAssertEqual(
            try offset([
                "-EXIF:DateTimeOriginal=2019:07:14 21:05:33", "-XMP-exif:DateTimeOriginal=2019:07:14 21:05:33-05:00",
            ]), -300, "XMP's offset for the same time fills EXIF's missing one")
        XCTAssertNil(
            try offset([
                "-EXIF:DateTimeOriginal=2001:02:03 04:05:06", "-XMP-exif:DateTimeOriginal=2019:07:14 21:05:33-05:00",
            ]), "another time's offset says nothing of EXIF's")
        for (text, minutes) in [("+14:00", 840), ("-12:00", -720), ("+05:45", 345), ("Z", 0)] {
            XCTAssertEqual(ExifReader.utcOffsetMinutes(text), minutes, text)
        }
        for text in ["+15:00", "+09:60", "   :  ", "+0900", "09:00", "+9:00", "", "-00:00"] {
            XCTAssertNil(ExifReader.utcOffsetMinutes(text), text)
        }
    }

    func testPNGAndWebPCarryXMP() throws {
        for format in [MediaFormat.png, .webp] {
            let file = try photo(format, tags: ["-XMP-dc:Title=Ærøskøbing 🚲", "-XMP-dc:Description=Street, 夏"])
            let info = try processor.inspect(file, format: format)
            XCTAssertEqual(info.storedSize, PixelSize(width: 120, height: 80), "\(format)")
            XCTAssertEqual(info.metadata.xmpTitle, "Ærøskøbing 🚲", "\(format)")
            XCTAssertEqual(info.metadata.xmpDescription, "Street, 夏", "\(format)")
        }
    }

    func testXMPAfterThePixelsOfALargePNG() throws {
        // Software may write XMP after the image data, beyond the first bytes probed.
        let file = try photo(.png, tags: ["-XMP-dc:Title=At the very end"], width: 400, height: 400, noisy: true)
        let moved = try XCTUnwrap(XMPPacket.movingXMPToTheEnd(of: [UInt8](Data(contentsOf: file))))
        XCTAssertGreaterThan(moved.count, 400_000, "the XMP must sit beyond the probed bytes")
        let late = try folder.write(moved, as: "late.png")
        XCTAssertEqual(try processor.inspect(late, format: .png).metadata.xmpTitle, "At the very end")
    }

    func testDamagedXMPLeavesFieldsEmptyAndThePhotoInspects() throws {
        let clean = try photo(.jpeg, tags: [])
        let damaged: [[UInt8]] = [
            Array(XMPPacket.description(#"<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Cut"#).utf8.prefix(300)),
            Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF><<<>>>".utf8),
            [0xFF, 0xFE, 0x00, 0xC3, 0x28, 0xA0, 0xA1],
            [],
        ]
        for (n, packet) in damaged.enumerated() {
            let file = try folder.write(XMPPacket.jpeg(clean, packet: packet), as: "damaged-\(n).jpg")
            let info = try processor.inspect(file, format: .jpeg)
            XCTAssertEqual(info.storedSize, PixelSize(width: 120, height: 80))
            XCTAssertNil(info.metadata.xmpTitle, "packet \(n)")
            XCTAssertNil(info.metadata.xmpDescription, "packet \(n)")
        }
    }

    func testInvalidUTF8IsReplacedNotRefused() throws {
        // 2:120 declared UTF-8 but holding a lone continuation byte.
        let iim: [UInt8] =
            [0x1C, 1, 90, 0, 3, 0x1B, 0x25, 0x47] + [0x1C, 2, 120, 0, 5] + Array("ok ".utf8) + [0x80, 0x21]
        let file = try folder.write(IPTCBlock.jpeg(photo(.jpeg, tags: []), records: iim), as: "bad-utf8.jpg")
        XCTAssertEqual(try processor.inspect(file, format: .jpeg).metadata.iptcCaption, "ok \u{FFFD}!")
    }

    func testIPTCLengthsThatWouldOverflowAreRefused() throws {
        // A 4-byte extended length of 0xFFFFFFF8 wraps libiptcdata's 32-bit bounds check.
        let hostile: [UInt8] =
            [0x1C, 2, 5, 0, 4] + Array("Good".utf8) + [0x1C, 2, 120, 0x80, 4, 0xFF, 0xFF, 0xFF, 0xF8, 0x41]
        let file = try folder.write(IPTCBlock.jpeg(photo(.jpeg, tags: []), records: hostile), as: "overflow.jpg")
        let notes = try processor.inspect(file, format: .jpeg).metadata
        XCTAssertEqual(notes.iptcTitle, "Good", "what comes before the damage is kept")
        XCTAssertNil(notes.iptcCaption)
    }
}
