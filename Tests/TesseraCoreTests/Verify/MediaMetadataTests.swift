import XCTest

@testable import TesseraCore

/// The metadata walks on files built byte by byte: each kind of block found and named, clean
/// files clean, and cut or lying files never read past their end.
final class MediaMetadataTests: XCTestCase {
    static func be16(_ n: Int) -> [UInt8] { [UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] }
    static func be32(_ n: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(n >> $0 & 0xFF) } }
    static func le32(_ n: Int) -> [UInt8] { [0, 8, 16, 24].map { UInt8(n >> $0 & 0xFF) } }
    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// A big-endian TIFF structure whose IFD0 holds `tags` (each a LONG of 0).
    static func tiff(tags: [Int]) -> [UInt8] {
        var bytes = ascii("MM") + be16(42) + be32(8) + be16(tags.count)
        for tag in tags { bytes += be16(tag) + be16(4) + be32(1) + be32(0) }
        return bytes + be32(0)
    }

    static func jpeg(segments: [(marker: UInt8, data: [UInt8])], trailer: [UInt8] = []) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        for segment in segments { bytes += [0xFF, segment.marker] + be16(segment.data.count + 2) + segment.data }
        // A scan whose data holds a stuffed 0xFF00 and a restart marker, then the end.
        bytes += [0xFF, 0xDA] + be16(8) + [1, 1, 0, 0, 63, 0] + [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56]
        return bytes + [0xFF, 0xD9] + trailer
    }

    /// A box; `©` in its type is the byte 0xA9, as QuickTime writes it.
    static func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
        be32(content.count + 8) + type.unicodeScalars.map { UInt8($0.value) } + content
    }

    func kinds(_ bytes: [UInt8]) -> [MetadataFinding.Kind] { MediaMetadata.findings(in: bytes).map(\.kind) }

    func testJPEGSegmentsAreNamedAndAPositionIsTold() {
        let clean = Self.jpeg(segments: [(0xE0, Self.ascii("JFIF\0") + [1, 2, 0, 0, 1, 0, 1, 0, 0])])
        XCTAssertEqual(MediaMetadata.kind(of: clean), .jpeg)
        XCTAssertEqual(kinds(clean), [], "JFIF and the scan are not metadata")
        let exif = Self.jpeg(segments: [(0xE1, Self.ascii("Exif\0\0") + Self.tiff(tags: [0x010F, TIFFTags.exif]))])
        XCTAssertEqual(kinds(exif), [.exif])
        let gps = Self.jpeg(segments: [(0xE1, Self.ascii("Exif\0\0") + Self.tiff(tags: [0x010F, TIFFTags.gps]))])
        XCTAssertEqual(MediaMetadata.findings(in: gps).map(\.detail), ["APP1 Exif segment with a GPS position"])
        let rest = Self.jpeg(segments: [
            (0xE1, Self.ascii("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>")), (0xED, Self.ascii("Photoshop 3.0\0")),
            (0xFE, Self.ascii("hello")), (0xE2, Self.ascii("ICC_PROFILE\0")), (0xE2, Self.ascii("MPF\0")),
        ])
        XCTAssertEqual(kinds(rest), [.xmp, .iptc, .text, .text], "ICC is colour, not metadata")
        let appended = Self.jpeg(segments: [], trailer: Self.box("ftyp", Self.ascii("mp42")))
        XCTAssertEqual(kinds(appended), [.trailer], "a Motion Photo's video after the end")
        XCTAssertEqual(kinds(Self.jpeg(segments: [], trailer: [0, 0, 0])), [], "zero padding is nothing")
    }

    /// A position written only in XMP (as Lightroom, darktable and `exiftool -XMP:GPSLatitude`
    /// write it) is a position, not XMP alone: an original published as it is may carry
    /// XMP, never a position, and the XMP position passed.
    func testAPositionInXMPIsAPosition() {
        let packet = Self.ascii(
            "http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><rdf:Description exif:GPSLatitude=\"48,51.6N\" "
                + "exif:GPSLongitude=\"2,17.4E\"/></x:xmpmeta>")
        let jpeg = Self.jpeg(segments: [(0xE1, packet)])
        XCTAssertEqual(
            MediaMetadata.findings(in: jpeg).map(\.detail), ["APP1 XMP segment with a GPS position"])
        XCTAssertEqual(kinds(jpeg), [.location])
        func riff(_ type: String, _ data: [UInt8]) -> [UInt8] {
            Self.ascii(type) + Self.le32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
        }
        let chunks = riff("VP8 ", [1, 2, 3]) + riff("XMP ", Self.ascii("<x:xmpmeta exif:GPSLongitude='2'/>"))
        let webp = Self.ascii("RIFF") + Self.le32(chunks.count + 4) + Self.ascii("WEBP") + chunks
        XCTAssertEqual(kinds(webp), [.location])
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            Self.be32(data.count) + Self.ascii(type) + data + [0, 0, 0, 0]
        }
        let png =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", Array(repeating: 0, count: 13))
            + chunk("iTXt", Self.ascii("XML:com.adobe.xmp\0\0\0\0\0<exif:GPSLatitude>48</exif:GPSLatitude>"))
            + chunk("IEND", [])
        XCTAssertEqual(kinds(png), [.location])
        let plain = Self.jpeg(segments: [(0xE1, Self.ascii("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>"))])
        XCTAssertEqual(kinds(plain), [.xmp], "XMP without a position stays XMP")
    }

    /// Positions exiftool reads out of XMP that the walk missed, so an original published
    /// as-is went out with its place and no warning: a UTF-16 packet, an APP1 under another
    /// header (`XMP\0`), and an extended packet whose `GPSLatitude` is cut between parts.
    func testAPositionInXMPIsFoundInEveryFormExiftoolReads() {
        let text = "<x:xmpmeta><rdf:Description exif:GPSLatitude=\"48,51.6N\"/></x:xmpmeta>"
        let utf16 =
            Self.ascii("http://ns.adobe.com/xap/1.0/\0") + [0xFE, 0xFF] + text.utf16.flatMap { Self.be16(Int($0)) }
        XCTAssertEqual(kinds(Self.jpeg(segments: [(0xE1, utf16)])), [.location], "UTF-16")
        let otherHeader = Self.ascii("XMP\0<?xpacket begin=''?>" + text)
        XCTAssertEqual(kinds(Self.jpeg(segments: [(0xE1, otherHeader)])), [.location], "XMP\\0")

        let main = Self.ascii("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmpNote:HasExtendedXMP='0123'/>")
        let packet = Self.ascii("<rdf:Description exif:GPSLatitude='48,51.6N'/>")
        let cut = 24  // inside "GPSLatitude"
        func part(_ bytes: ArraySlice<UInt8>, at offset: Int) -> [UInt8] {
            Self.ascii("http://ns.adobe.com/xmp/extension/\0") + Self.ascii(String(repeating: "A", count: 32))
                + Self.be32(packet.count) + Self.be32(offset) + bytes
        }
        // The second part first: parts are read in the order of their offsets.
        let extended = Self.jpeg(segments: [
            (0xE1, main), (0xE1, part(packet[cut...], at: cut)), (0xE1, part(packet[..<cut], at: 0)),
        ])
        for half in [packet[..<cut], packet[cut...]] {
            XCTAssertFalse(String(decoding: half, as: UTF8.self).contains("GPSLat"), "the name is cut in two")
        }
        let found = MediaMetadata.findings(in: extended)
        XCTAssertEqual(found.first?.detail, "APP1 extended XMP (2 parts) with a GPS position", "\(found)")
        XCTAssertEqual(found.filter { $0.kind == .location }.count, 1)
        let clean = Self.jpeg(segments: [
            (0xE1, main), (0xE1, part(Self.ascii("<a/>")[...], at: 0)), (0xE1, part(Self.ascii("<b/>")[...], at: 4)),
        ])
        XCTAssertFalse(kinds(clean).contains(.location), "extended XMP without a position")
    }

    /// A QuickTime movie of the older kind (no `ftyp`: cameras' MOVs start with `wide`,
    /// `mdat` or `moov`) is a movie whose place is read; a `free` box alone is not one.
    func testAMovieWithoutAnFtypBoxIsReadAsAMovie() {
        let udta = Self.box("udta", Self.box("©xyz", Self.ascii("+48.85+002.29/")))
        let classic = Self.box("wide", []) + Self.box("mdat", [1, 2, 3]) + Self.box("moov", udta)
        XCTAssertEqual(MediaMetadata.kind(of: classic), .movie)
        XCTAssertEqual(kinds(classic), [.location])
        XCTAssertEqual(MediaMetadata.kind(of: Self.box("moov", udta)), .movie)
        XCTAssertNil(MediaMetadata.kind(of: Self.box("free", [0, 0])), "no moov: not a movie")
        XCTAssertNil(MediaMetadata.kind(of: Self.box("wide", []) + Self.ascii("just text")))
    }

    /// exiftool reads a GPS directory pointed to from the EXIF directory or from IFD1 too,
    /// so those are positions; only IFD0 was looked at.
    func testAGPSDirectoryPointedToFromTheEXIFDirectoryOrIFD1IsAPosition() {
        // IFD0 at 8 with one entry (the EXIF pointer, or a make); then the next directory's
        // offset; a second directory at 26 holding the GPS pointer.
        func twoDirectories(exifPointer: Bool) -> [UInt8] {
            let first =
                Self.be16(exifPointer ? TIFFTags.exif : 0x010F) + Self.be16(4) + Self.be32(1)
                + Self.be32(exifPointer ? 26 : 0)
            let second =
                Self.be16(1) + Self.be16(TIFFTags.gps) + Self.be16(4) + Self.be32(1) + Self.be32(0) + Self.be32(0)
            return Self.ascii("MM") + Self.be16(42) + Self.be32(8) + Self.be16(1) + first
                + Self.be32(exifPointer ? 0 : 26) + second
        }
        for (name, tiff) in [
            ("EXIF directory", twoDirectories(exifPointer: true)), ("IFD1", twoDirectories(exifPointer: false)),
        ] {
            let jpeg = Self.jpeg(segments: [(0xE1, Self.ascii("Exif\0\0") + tiff)])
            XCTAssertEqual(
                MediaMetadata.findings(in: jpeg).map(\.detail), ["APP1 Exif segment with a GPS position"], name)
        }
    }

    /// Positions that passed an as-is original's check and `verify` while exiftool read them:
    /// Olympus ORF and Panasonic RW2 (TIFF under their own header numbers), Fujifilm RAF
    /// (its JPEG preview's EXIF), Canon CR3 (the GPS directory in `CMT4`), DJI's XMP
    /// (`drone-dji:GpsLatitude`), a destination in XMP, a TIFF's XMP tag, a multi-picture
    /// JPEG's second image and an EXIF thumbnail's own EXIF.
    func testPositionsInCameraRawsXMPVariantsAndImagesInsideImagesAreTold() {
        func located(_ bytes: [UInt8], _ name: String) {
            XCTAssertEqual(MediaMetadata.findings(in: bytes).first?.kind, .location, name)
        }
        let gpsTIFF = Self.tiff(tags: [0x010F, TIFFTags.gps])
        for (name, magic) in [("ORF", 0x4F52), ("ORF SR", 0x5352)] {  // MMOR, MMSR (IIRO, IIRS)
            var orf = gpsTIFF
            orf.replaceSubrange(2..<4, with: Self.be16(magic))
            XCTAssertEqual(MediaMetadata.kind(of: orf), .tiff, name)
            located(orf, name)
        }
        var rw2 = gpsTIFF
        rw2.replaceSubrange(2..<4, with: Self.be16(0x55))
        located(rw2, "RW2")
        XCTAssertEqual(kinds(Self.tiff(tags: [0x010F])), [], "a TIFF with a make alone")

        let gpsJPEG = Self.jpeg(segments: [(0xE1, Self.ascii("Exif\0\0") + gpsTIFF)])
        var raf = Self.ascii("FUJIFILMCCD-RAW 0201FF383501") + [UInt8](repeating: 0, count: 56)
        raf += Self.be32(92) + Self.be32(gpsJPEG.count) + gpsJPEG
        XCTAssertEqual(MediaMetadata.kind(of: raf), .raf)
        located(raf, "RAF")

        // CMT4: a little-endian TIFF whose first directory is the GPS one (latitude, tag 2).
        let cmt4 =
            Self.ascii("II") + [42, 0] + Self.le32(8) + [1, 0] + [2, 0, 5, 0] + Self.le32(3) + Self.le32(0)
            + Self.le32(0)
        let canon = Self.box("uuid", ISOMediaMetadata.canonUUID + Self.box("CMT4", cmt4))
        let cr3 = Self.box("ftyp", Self.ascii("crx ") + Self.be32(1) + Self.ascii("crx isom")) + Self.box("moov", canon)
        located(cr3, "CR3")
        let noPosition = [UInt8](cmt4.prefix(8)) + [0, 0] + Self.le32(0)
        XCTAssertFalse(
            kinds(
                Self.box("ftyp", Self.ascii("crx "))
                    + Self.box("moov", Self.box("uuid", ISOMediaMetadata.canonUUID + Self.box("CMT4", noPosition)))
            )
            .contains(.location), "a GPS directory without a position")

        for xmp in [
            "<rdf:Description drone-dji:GpsLatitude=\"48.85\"/>", "<exif:GPSDestLatitude>48,51N</exif:GPSDestLatitude>",
        ] {
            located(
                Self.jpeg(segments: [(0xE1, Self.ascii("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>\(xmp)</x:xmpmeta>"))]
                ), xmp)
        }
        let packet = Self.ascii("<x:xmpmeta><rdf:Description exif:GPSLatitude=\"48,51N\"/></x:xmpmeta>")
        var tiffXMP = Self.ascii("MM") + Self.be16(42) + Self.be32(8) + Self.be16(1)
        tiffXMP +=
            Self.be16(TIFFTags.xmp) + Self.be16(1) + Self.be32(packet.count) + Self.be32(26) + Self.be32(0) + packet
        located(tiffXMP, "a TIFF's XMP tag")

        located(Self.jpeg(segments: [], trailer: gpsJPEG), "a second image after the first")
        // IFD0 (a make) → IFD1 at 26 with the thumbnail's offset (513) and length (514).
        let thumbnailAt = 26 + 2 + 24 + 4
        var exif = Self.ascii("MM") + Self.be16(42) + Self.be32(8) + Self.be16(1)
        exif += Self.be16(0x010F) + Self.be16(4) + Self.be32(1) + Self.be32(0) + Self.be32(26) + Self.be16(2)
        exif += Self.be16(0x201) + Self.be16(4) + Self.be32(1) + Self.be32(thumbnailAt)
        exif += Self.be16(0x202) + Self.be16(4) + Self.be32(1) + Self.be32(gpsJPEG.count) + Self.be32(0) + gpsJPEG
        located(Self.jpeg(segments: [(0xE1, Self.ascii("Exif\0\0") + exif)]), "an EXIF thumbnail's EXIF")
    }

    /// exiftool reads an APP1 segment as EXIF behind a second `\0` that is another byte, a
    /// lowercase `exif` or up to four bytes of anything first; such a block's position passed
    /// an as-is original's check and `verify`, told apart only as "APP1 segment 'exif'".
    func testAnEXIFBlockBehindAVariantIdentifierIsReadAsExiftoolReadsIt() {
        let gpsTIFF = Self.tiff(tags: [0x010F, TIFFTags.gps])
        let identifiers = [
            Self.ascii("Exif\0") + [0xFF], Self.ascii("exif\0\0"), Self.ascii("EXIF\0\0"),
            [0xFF, 0xE1] + Self.ascii("Exif\0\0"),
            Self.ascii("ABCDExif\0\0"),
        ]
        for identifier in identifiers {
            let jpeg = Self.jpeg(segments: [(0xE1, identifier + gpsTIFF)])
            XCTAssertEqual(
                MediaMetadata.findings(in: jpeg).map(\.detail), ["APP1 Exif segment with a GPS position"],
                "\(identifier)")
        }
        let orientation = Self.jpeg(segments: [(0xE1, Self.ascii("exif\0\0") + Self.tiff(tags: [0x0112]))])
        XCTAssertEqual(kinds(orientation), [], "orientation alone, whatever the identifier")
        let farJunk = Self.jpeg(segments: [(0xE1, Self.ascii("ABCDEExif\0\0") + gpsTIFF)])
        XCTAssertEqual(kinds(farJunk), [.text], "five bytes before 'Exif' are more than exiftool skips")
    }

    /// ImageMagick keeps a JPEG's EXIF in a PNG as a text chunk, `Raw profile type exif`, in
    /// hex (`convert photo.jpg photo.png`), most often compressed (`zTXt`); exiftool reads
    /// its GPS position. It was reported as a text chunk, so an original published as-is
    /// carried a position the build did not warn about and `verify` passed.
    func testAPositionInImageMagicksRawProfileChunkIsFoundCompressedOrNot() {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            Self.be32(data.count) + Self.ascii(type) + data + [0, 0, 0, 0]
        }
        func png(_ chunks: [UInt8]) -> [UInt8] {
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", Array(repeating: 0, count: 13)) + chunks
                + chunk("IEND", [])
        }
        /// The profile as ImageMagick lays it out: name, length, then 72 hex digits a line.
        func profile(_ name: String, _ bytes: [UInt8], length: Int? = nil) -> [UInt8] {
            let hex = bytes.map { String(format: "%02x", $0) }.joined()
            let lines = stride(from: 0, to: hex.count, by: 72).map { start in
                String(hex.dropFirst(start).prefix(72))
            }
            let digits = String(length ?? bytes.count)
            return Self.ascii("\n\(name)\n" + String(repeating: " ", count: max(0, 8 - digits.count)) + digits + "\n")
                + Self.ascii(lines.joined(separator: "\n") + "\n")
        }
        let gps = Self.ascii("Exif\0\0") + Self.tiff(tags: [0x010F, TIFFTags.gps])
        let identity: PNGMetadata.Inflater = { text, limit in text.count <= limit ? Array(text) : nil }
        func found(_ bytes: [UInt8], inflate: PNGMetadata.Inflater? = identity) -> [String] {
            MediaMetadata.findings(in: bytes, inflate: inflate).map { "\($0.kind): \($0.detail)" }
        }
        let keyword = Self.ascii("Raw profile type exif\0")
        XCTAssertEqual(
            found(png(chunk("tEXt", keyword + profile("exif", gps)))),
            ["location: tEXt chunk 'Raw profile type exif' with a GPS position"])
        let compressed = png(chunk("zTXt", keyword + [0] + profile("exif", gps)))
        XCTAssertEqual(found(compressed), ["location: zTXt chunk 'Raw profile type exif' with a GPS position"])
        XCTAssertEqual(
            found(compressed, inflate: nil),
            ["exif: zTXt chunk 'Raw profile type exif', compressed, which could not be inflated to be looked into"])
        XCTAssertEqual(
            found(compressed, inflate: { _, _ in nil }),
            ["exif: zTXt chunk 'Raw profile type exif', compressed, which could not be inflated to be looked into"],
            "a damaged stream, or one over the limit")
        XCTAssertEqual(
            found(
                png(chunk("zTXt", keyword + [0] + profile("exif", Self.ascii("Exif\0\0") + Self.tiff(tags: [0x010F]))))),
            ["exif: zTXt chunk 'Raw profile type exif'"], "camera data without a position")
        // A length that promises more than the text holds: what is there is read.
        XCTAssertEqual(
            found(png(chunk("tEXt", keyword + profile("exif", gps, length: 1 << 40)))),
            ["location: tEXt chunk 'Raw profile type exif' with a GPS position"])
        // ImageMagick's APP1 profile holding a JPEG's XMP segment, and its xmp profile.
        let xmp = Self.ascii("http://ns.adobe.com/xap/1.0/\0<rdf:Description exif:GPSLatitude='48,51N'/>")
        XCTAssertEqual(
            found(png(chunk("zTXt", Self.ascii("Raw profile type APP1\0\0") + profile("APP1", xmp)))),
            ["location: zTXt chunk 'Raw profile type APP1' with a GPS position"])
        XCTAssertEqual(
            found(png(chunk("tEXt", Self.ascii("Raw profile type xmp\0") + profile("xmp", Array(xmp.dropFirst(29)))))),
            ["location: tEXt chunk 'Raw profile type xmp' with a GPS position"])
        XCTAssertEqual(
            found(png(chunk("zTXt", Self.ascii("Raw profile type iptc\0\0") + profile("iptc", [0x1C, 2, 5])))),
            ["iptc: zTXt chunk 'Raw profile type iptc'"])
        // XMP in a compressed iTXt chunk (flag 1, method 0, no language, no translation).
        XCTAssertEqual(
            found(png(chunk("iTXt", Self.ascii("XML:com.adobe.xmp\0") + [1, 0, 0, 0] + Array(xmp.dropFirst(29))))),
            ["location: iTXt chunk 'XML:com.adobe.xmp' with a GPS position"])
        XCTAssertEqual(
            found(png(chunk("tEXt", Self.ascii("Raw profile type exif\0not a profile")))),
            ["exif: tEXt chunk 'Raw profile type exif'"], "not laid out as ImageMagick writes it")
        // The file's chunks share one budget of inflated bytes: many small zip bombs cost
        // no more than one.
        let big = [UInt8](repeating: 0x20, count: 9 << 20) + Array(xmp.dropFirst(29))
        let bombs = png(
            chunk("zTXt", Self.ascii("XML:com.adobe.xmp\0\0") + big)
                + chunk("zTXt", Self.ascii("XML:com.adobe.xmp\0\0") + big))
        XCTAssertEqual(
            found(bombs),
            [
                "location: zTXt chunk 'XML:com.adobe.xmp' with a GPS position",
                "xmp: zTXt chunk 'XML:com.adobe.xmp', compressed, which could not be inflated to be looked into",
            ])
        // Cut anywhere, the walk ends inside the bytes.
        let whole = png(chunk("iTXt", Self.ascii("XML:com.adobe.xmp\0") + [1, 0, 0, 0] + xmp) + compressed)
        for length in 0...whole.count { _ = found(Array(whole.prefix(length))) }
    }

    func testPNGWebPAndGIFBlocks() {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            Self.be32(data.count) + Self.ascii(type) + data + [0, 0, 0, 0]
        }
        let png =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", Array(repeating: 0, count: 13))
            + chunk("tEXt", Self.ascii("Comment\0hi")) + chunk("iTXt", Self.ascii("XML:com.adobe.xmp\0"))
            + chunk("eXIf", Self.tiff(tags: [TIFFTags.gps])) + chunk("IEND", [])
        XCTAssertEqual(kinds(png), [.location, .text, .xmp])
        func riff(_ type: String, _ data: [UInt8]) -> [UInt8] {
            Self.ascii(type) + Self.le32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
        }
        let chunks =
            riff("VP8 ", [1, 2, 3]) + riff("EXIF", Self.ascii("Exif\0\0") + Self.tiff(tags: [TIFFTags.gps]))
            + riff("XMP ", [1])
        let webp = Self.ascii("RIFF") + Self.le32(chunks.count + 4) + Self.ascii("WEBP") + chunks
        XCTAssertEqual(MediaMetadata.kind(of: webp), .webp)
        XCTAssertEqual(kinds(webp), [.location, .xmp])
        let gif =
            Self.ascii("GIF89a") + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
            + [0x21, 0xFE, 2] + Self.ascii("hi") + [0]
            + [0x21, 0xFF, 11] + Self.ascii("XMP DataXMP") + [1, 0, 0]
            + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0] + [0x3B]
        XCTAssertEqual(kinds(gif), [.text, .xmp])
        // XMP as Adobe writes it into a GIF: the packet whole, then the 258-byte "magic
        // trailer" that makes it read as sub-blocks. A position in it was only "XMP".
        let trailer: [UInt8] = [1] + (0...255).reversed().map { UInt8($0) } + [0]
        let located =
            Self.ascii("GIF89a") + [1, 0, 1, 0, 0, 0, 0]
            + [0x21, 0xFF, 11] + Self.ascii("XMP DataXMP")
            + Self.ascii("<rdf:Description exif:GPSLatitude='48,51.0N'/>") + trailer
            + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0] + [0x3B]
        XCTAssertEqual(
            MediaMetadata.findings(in: located).map(\.detail), ["XMP application extension with a GPS position"])
    }

    func testHEIFItemsAndMovieTags() {
        // An AVIF with an Exif item stored in idat and a mime (XMP) item.
        let exifPayload = Self.be32(0) + Self.tiff(tags: [TIFFTags.gps])
        let infe1 = Self.box("infe", [2, 0, 0, 0] + Self.be16(1) + Self.be16(0) + Self.ascii("Exif") + [0])
        let infe2 = Self.box(
            "infe",
            [2, 0, 0, 0] + Self.be16(2) + Self.be16(0) + Self.ascii("mime") + [0] + Self.ascii("application/rdf+xml")
                + [0])
        let iinf = Self.box("iinf", [0, 0, 0, 0] + Self.be16(2) + infe1 + infe2)
        // iloc version 1: offset and length 4 bytes, no base; item 1 in idat at 0.
        let iloc = Self.box(
            "iloc",
            [1, 0, 0, 0] + [0x44, 0x00] + Self.be16(1) + Self.be16(1) + Self.be16(1) + Self.be16(0)
                + Self.be16(1) + Self.be32(0) + Self.be32(exifPayload.count))
        let meta = Self.box(
            "meta",
            [0, 0, 0, 0]
                + Self.box("hdlr", Array(repeating: 0, count: 8) + Self.ascii("pict") + Array(repeating: 0, count: 13))
                + iinf + iloc + Self.box("idat", exifPayload))
        let avif = Self.box("ftyp", Self.ascii("avif") + Self.be32(0) + Self.ascii("mif1")) + meta
        XCTAssertEqual(MediaMetadata.kind(of: avif), .heif)
        XCTAssertEqual(
            MediaMetadata.findings(in: avif).map(\.detail),
            ["Exif item with a GPS position", "mime item 'application/rdf+xml' (item 2)"])

        let mvhd = Self.box("mvhd", [0, 0, 0, 0] + Self.be32(3_797_000_000) + Array(repeating: 0, count: 92))
        let udta = Self.box(
            "udta", Self.box("©xyz", Self.ascii("+48.85+002.29/")) + Self.box("©too", Self.ascii("Lavf")))
        let movie =
            Self.box("ftyp", Self.ascii("isom") + Self.be32(0)) + Self.box("moov", mvhd + Self.box("trak", udta))
        XCTAssertEqual(MediaMetadata.kind(of: movie), .movie)
        XCTAssertEqual(
            MediaMetadata.findings(in: movie).map(\.detail),
            ["moov/trak/udta/©xyz: a position (ISO 6709)", "moov/mvhd: the recording time (2024-04-26)"])
        let encoderOnly =
            Self.box("ftyp", Self.ascii("isom") + Self.be32(0))
            + Self.box(
                "moov",
                Self.box("mvhd", Array(repeating: 0, count: 100))
                    + Self.box("udta", Self.box("©too", Self.ascii("Lavf"))))
        XCTAssertEqual(kinds(encoderOnly), [], "what ffmpeg -map_metadata -1 leaves: the encoder's name, no dates")
    }

    static func le16(_ n: Int) -> [UInt8] { [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF)] }

    /// A ZIP of `members` (name, bytes, method: 0 stored, 8 deflated), as zip and Python's
    /// zipfile lay it out: local headers and data, the central directory, its end.
    static func zip(_ members: [(name: String, bytes: [UInt8], method: Int)]) -> [UInt8] {
        var archive: [UInt8] = []
        var directory: [UInt8] = []
        for member in members {
            let name = ascii(member.name)
            let sizes = le32(member.bytes.count) + le32(member.bytes.count)
            let offset = archive.count
            archive +=
                le32(0x0403_4B50) + le16(20) + le16(0) + le16(member.method) + le32(0) + le32(0) + sizes
                + le16(name.count) + le16(0) + name + member.bytes
            directory +=
                le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(member.method) + le32(0)
                + le32(0) + sizes + le16(name.count) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0)
                + le32(offset) + name
        }
        return archive + directory + le32(0x0605_4B50) + le16(0) + le16(0) + le16(members.count)
            + le16(members.count) + le32(directory.count) + le32(archive.count) + le16(0)
    }

    /// An album's ZIP (or sigal's, or one put there by hand) whose photo carried a GPS
    /// position passed `verify`, though the same JPEG loose in the site did not.
    func testThePhotosInAZipAreLookedInto() {
        let gps = Self.jpeg(segments: [(0xE1, Self.ascii("Exif\0\0") + Self.tiff(tags: [0x010F, TIFFTags.gps]))])
        let clean = Self.jpeg(segments: [(0xE0, Self.ascii("JFIF\0") + [1, 2, 0, 0, 1, 0, 1, 0, 0])])
        let archive = Self.zip([("a.jpg", clean, 0), ("b.jpg", gps, 0), ("c.jpg", gps, 8)])
        XCTAssertEqual(MediaMetadata.kind(of: archive), .zip)
        XCTAssertEqual(
            MediaMetadata.findings(in: archive).map(\.detail),
            [
                "b.jpg in the ZIP: APP1 Exif segment with a GPS position",
                "c.jpg in the ZIP: compressed, so not looked into for metadata",
            ])
        XCTAssertEqual(kinds(Self.zip([("a.jpg", clean, 0)])), [], "a ZIP of clean photos")
        XCTAssertEqual(
            MediaMetadata.findings(in: Self.zip([("inner.zip", Self.zip([("b.jpg", gps, 0)]), 0)])).map(\.detail),
            ["inner.zip in the ZIP: an archive itself, not looked into"], "one archive deep, and said so")
        XCTAssertEqual(kinds(Array(archive.prefix(40))), [.unexamined], "a cut ZIP: said, not walked")
        XCTAssertEqual(kinds(Self.zip([("c.jpg", gps, 8)])), [.unexamined])
    }

    /// A subtitle track reading "GPS 48.858370 2.294481", or GoPro's GPMF telemetry in a
    /// `meta` track, passed `verify`; picture and sound tracks are what a web video has.
    func testTracksOtherThanPictureAndSoundAreTold() {
        func track(_ handler: String) -> [UInt8] {
            Self.box(
                "trak",
                Self.box(
                    "mdia",
                    Self.box(
                        "hdlr", Array(repeating: 0, count: 8) + Self.ascii(handler) + Array(repeating: 0, count: 13))))
        }
        func movie(_ handlers: [String]) -> [UInt8] {
            Self.box("ftyp", Self.ascii("isom") + Self.be32(0))
                + Self.box("moov", Self.box("mvhd", Array(repeating: 0, count: 100)) + handlers.flatMap(track))
        }
        XCTAssertEqual(kinds(movie(["vide", "soun"])), [], "picture and sound")
        XCTAssertEqual(
            MediaMetadata.findings(in: movie(["vide", "text", "meta"])).map(\.detail),
            [
                "moov/trak/mdia: a 'text' track (subtitles or timed data, which may carry a place)",
                "moov/trak/mdia: a 'meta' track (subtitles or timed data, which may carry a place)",
            ])
    }

    /// A Motion Photo's video, appended to the picture, carried its phone's position: the
    /// original published as-is passed the build's warning and `verify` (only "bytes after
    /// the end of the image" was said). Google appends the MP4 straight after the picture,
    /// Samsung after a marker of its own.
    func testAPositionInAMotionPhotosAppendedVideoIsThePhotos() {
        let udta = Self.box("udta", Self.box("©xyz", Self.ascii("+48.85+002.29/")))
        let movie = Self.box("ftyp", Self.ascii("mp42") + Self.be32(0)) + Self.box("moov", udta)
        for trailer in [movie, Self.ascii("MotionPhoto_Data") + movie] {
            let photo = Self.jpeg(segments: [], trailer: trailer)
            XCTAssertEqual(kinds(photo), [.location, .trailer])
            XCTAssertEqual(
                MediaMetadata.findings(in: photo).first { $0.kind == .location }?.detail,
                "the appended video's moov/udta/©xyz: a position (ISO 6709)")
        }
        let placeless = Self.jpeg(segments: [], trailer: Self.box("ftyp", Self.ascii("mp42")) + Self.box("moov", []))
        XCTAssertEqual(kinds(placeless), [.trailer], "a video without a position is only a trailer")
    }

    func testMatroskaTags() {
        func element(_ id: [UInt8], _ content: [UInt8]) -> [UInt8] {
            precondition(content.count < 0x7F)
            return id + [0x80 | UInt8(content.count)] + content
        }
        func simpleTag(_ name: String) -> [UInt8] {
            element([0x67, 0xC8], element([0x45, 0xA3], Self.ascii(name)) + element([0x44, 0x87], Self.ascii("x")))
        }
        let tags = element(
            [0x12, 0x54, 0xC3, 0x67],
            element([0x73, 0x73], simpleTag("ENCODER") + simpleTag("LOCATION") + simpleTag("TITLE")))
        let info = element(
            [0x15, 0x49, 0xA9, 0x66],
            element([0x4D, 0x80], Self.ascii("Lavf")) + element([0x44, 0x61], Array(repeating: 0, count: 8)))
        // A segment of unknown size, as a live recording writes it.
        let segment = [0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + info + tags
        let webm = element([0x1A, 0x45, 0xDF, 0xA3], element([0x42, 0x82], Self.ascii("webm"))) + segment
        XCTAssertEqual(MediaMetadata.kind(of: webm), .matroska)
        XCTAssertEqual(
            MediaMetadata.findings(in: webm).map(\.detail),
            ["Tags: LOCATION", "Info: the recording date (DateUTC)", "Tags: TITLE"])
    }

    /// A JPEG XL's container holds `Exif` and `xml ` boxes as ISO media does; an SVG is text
    /// whose XMP packet may name a position. exiftool reads both; `verify` passed both.
    func testAJPEGXLsExifBoxAndAnSVGsXMPPositionAreTold() {
        let signature = Self.be32(12) + Self.ascii("JXL ") + [0x0D, 0x0A, 0x87, 0x0A]
        let head = signature + Self.box("ftyp", Self.ascii("jxl ") + Self.be32(0) + Self.ascii("jxl "))
        let codestream = Self.box("jxlc", [0xFF, 0x0A, 0, 0])
        let exif = Self.box("Exif", Self.be32(0) + Self.tiff(tags: [TIFFTags.gps]))
        XCTAssertEqual(MediaMetadata.kind(of: head + codestream), .jxl)
        XCTAssertEqual(kinds(head + codestream), [], "a clean JPEG XL")
        XCTAssertEqual(
            MediaMetadata.findings(in: head + exif + codestream).map(\.detail), ["Exif box with a GPS position"])
        XCTAssertEqual(kinds(head + Self.box("xml ", Self.ascii("<x:xmpmeta/>")) + codestream), [.xmp])
        XCTAssertEqual(kinds(head + Self.box("brob", Self.ascii("Exif") + [1, 2, 3]) + codestream), [.unexamined])
        for length in 0...(head + exif).count { _ = MediaMetadata.findings(in: Array((head + exif).prefix(length))) }

        let svg = Self.ascii(
            """
            \u{FEFF}<?xml version="1.0"?>
            <svg xmlns="http://www.w3.org/2000/svg"><metadata><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF>
            <rdf:Description exif:GPSLatitude="48,48.0N" exif:GPSLongitude="2,18.0E"/></rdf:RDF></x:xmpmeta>
            </metadata><rect width="10" height="10"/></svg>
            """)
        XCTAssertEqual(MediaMetadata.kind(of: svg), .svg)
        XCTAssertEqual(MediaMetadata.findings(in: svg).map(\.detail), ["XMP metadata with a GPS position"])
        // Inkscape's Dublin Core in every drawing it saves tells nothing of a place.
        let inkscape = Self.ascii(
            #"<svg><metadata><rdf:RDF><cc:Work><dc:format>image/svg+xml</dc:format></cc:Work></rdf:RDF></metadata></svg>"#
        )
        XCTAssertEqual(MediaMetadata.kind(of: inkscape), .svg)
        XCTAssertEqual(kinds(inkscape), [])
        XCTAssertNil(MediaMetadata.kind(of: Self.ascii("<!doctype html><html><svg></svg></html>")), "a page")
    }

    func testCutAndLyingFilesAreReadWithinTheirBounds() {
        let gps = Self.jpeg(segments: [(0xE1, Self.ascii("Exif\0\0") + Self.tiff(tags: [TIFFTags.gps]))])
        // Every prefix of a file, and sizes that claim more than there is: no crash, no hang.
        for length in 0...gps.count { _ = MediaMetadata.findings(in: Array(gps.prefix(length))) }
        let huge = Self.be32(0xFFFF_FFF0) + Self.ascii("ftyp") + Self.ascii("isom")
        XCTAssertEqual(kinds(huge), [])
        let wide =
            Self.box("ftyp", Self.ascii("avif"))
            + Self.box(
                "meta",
                [0, 0, 0, 0]
                    + Self.box("iloc", [1, 0, 0, 0, 0x00, 0x00] + Self.be16(4000) + Array(repeating: 0, count: 64)))
        XCTAssertEqual(kinds(wide), [], "an iloc of zero-width fields is read in bounded time")
        var nested = Self.box("udta", [])
        for _ in 0..<200 { nested = Self.box("trak", nested) }
        XCTAssertEqual(kinds(Self.box("ftyp", Self.ascii("isom")) + Self.box("moov", nested)), [], "depth is bounded")
    }

    func testMutatedFilesNeverCrashTheWalks() {
        // A seeded generator (SplitMix64), so a failure replays.
        var state: UInt64 = 0x5EED
        func next() -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
        }
        let gps = Self.jpeg(segments: [(0xE1, Self.ascii("Exif\0\0") + Self.tiff(tags: [TIFFTags.gps]))])
        let movie =
            Self.box("ftyp", Self.ascii("isom") + Self.be32(0))
            + Self.box(
                "moov",
                Self.box(
                    "udta",
                    Self.box(
                        "meta",
                        [0, 0, 0, 0]
                            + Self.box(
                                "keys",
                                Self.be32(0) + Self.be32(1)
                                    + Self.box("mdta", Self.ascii("com.apple.quicktime.location.ISO6709"))))))
        let archive = Self.zip([("a.jpg", gps, 0), ("b.mp4", movie, 0), ("c.jpg", gps, 8)])
        let seeds = [
            gps, movie, archive, Array("<a href='x'><img srcset=\"a 1x, b 2x\"><style>a{b:url(c)}</style>".utf8),
        ]
        for seed in seeds {
            for _ in 0..<2_000 {
                var bytes = seed
                for _ in 0..<(1 + next() % 4) {
                    let at = next() % bytes.count
                    switch next() % 3 {
                    case 0: bytes[at] = UInt8(truncatingIfNeeded: next())
                    case 1: bytes.insert(UInt8(truncatingIfNeeded: next()), at: at)
                    default: bytes.removeSubrange(at..<min(bytes.count, at + 1 + next() % 8))
                    }
                    if bytes.isEmpty { bytes = [0] }
                }
                _ = MediaMetadata.findings(in: bytes)
                _ = HTMLScanner.tags(in: bytes, textOf: ["loc"])
                _ = CSSScanner.references(in: bytes)
            }
        }
    }
}
