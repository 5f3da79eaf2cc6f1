import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore

final class CatalogScannerTests: XCTestCase {
    func testFoldersBecomeNestedAlbumsAndPhotosAreSortedNaturally() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("IMG_10.jpg", MagicBytes.jpeg + [10])  // not copies: those are folded
        try tmp.write("IMG_2.jpg", MagicBytes.jpeg + [2])
        try tmp.write("Trips/Rome/a.png", MagicBytes.png)
        try tmp.write("Trips/b.gif", MagicBytes.gif)
        try tmp.folder("Empty/Deeper")

        let catalog = try CatalogScanner(root: tmp.url).scan()

        XCTAssertEqual(catalog.root.photos.map(\.relativePath), ["IMG_2.jpg", "IMG_10.jpg"])
        XCTAssertEqual(catalog.root.albums.map(\.name), ["Trips"], "an album without photos is left out")
        let trips = catalog.root.albums[0]
        XCTAssertEqual(trips.photos.map(\.relativePath), ["Trips/b.gif"])
        XCTAssertEqual(trips.albums.map(\.path), [["Trips", "Rome"]])
        XCTAssertEqual(trips.albums[0].photos.first?.format, .png)
        XCTAssertEqual(catalog.albumCount, 3)
    }

    func testPhotosAreRecognisedByContentNotByName() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("really-a-png.jpg", MagicBytes.png)
        try tmp.write("no-extension", MagicBytes.jpeg)
        try tmp.write("notes.jpg", Array("hello, not a photo".utf8))
        try tmp.write("phone.heic", MagicBytes.isobmff("heic"))
        try tmp.write("modern.avif", MagicBytes.isobmff("avif"))
        try tmp.write("clip.mp4", MagicBytes.isobmff("isom"))
        try tmp.write("web.bin", MagicBytes.webp)
        try tmp.write("scan.tif", [0x4D, 0x4D, 0x00, 0x2A] + Array(repeating: 0, count: 28))

        let catalog = try CatalogScanner(root: tmp.url).scan()
        let formats = Dictionary(uniqueKeysWithValues: catalog.allPhotos.map { ($0.fileName, $0.format) })

        XCTAssertEqual(
            formats,
            [
                "really-a-png.jpg": .png, "no-extension": .jpeg, "phone.heic": .heif,
                "modern.avif": .avif, "web.bin": .webp, "scan.tif": .tiff, "clip.mp4": .mp4,
            ])
        XCTAssertEqual(catalog.ignored.map(\.relativePath), [])
        // Named like a photo but is not one: reported, not passed over in silence.
        XCTAssertEqual(catalog.refused, [IgnoredFile(relativePath: "notes.jpg", reason: "not an image")])
    }

    func testImagesInFormatsTesseraDoesNotPublishAreRefusedByName() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("scan.tif", [0x49, 0x49, 0x2B, 0x00, 8, 0, 0, 0])
        try tmp.write("old.bmp", Array("BM".utf8) + [0, 0, 0, 0])
        try tmp.write("layers.psd", Array("8BPS".utf8) + [0, 1])
        try tmp.write("empty.jpg", [])
        try tmp.write("README", Array("photos from 2024".utf8))

        let catalog = try CatalogScanner(root: tmp.url).scan()
        let reasons = Dictionary(uniqueKeysWithValues: catalog.refused.map { ($0.relativePath, $0.reason) })
        XCTAssertEqual(
            reasons,
            [
                "scan.tif": "unsupported format: BigTIFF", "old.bmp": "unsupported format: BMP",
                "layers.psd": "unsupported format: Photoshop (PSD)", "empty.jpg": "empty file",
            ])
        XCTAssertEqual(catalog.ignored.map(\.relativePath), ["README"])
    }

    func testHiddenFilesAndAppleDoubleForksAreIgnoredSilently() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("visible.jpg", MagicBytes.jpeg)
        try tmp.write(".hidden.jpg", MagicBytes.jpeg)
        try tmp.write("._visible.jpg", MagicBytes.jpeg)
        try tmp.write(".thumbnails/x.jpg", MagicBytes.jpeg)

        let catalog = try CatalogScanner(root: tmp.url).scan()

        XCTAssertEqual(catalog.allPhotos.map(\.relativePath), ["visible.jpg"])
        XCTAssertEqual(catalog.ignored, [], "hidden files are not even listed")
    }

    func testSymbolicLinksOutsideTheInputAreNotFollowed() throws {
        let outside = try TemporaryFolder()
        try outside.write("secret.jpg", MagicBytes.jpeg)
        let tmp = try TemporaryFolder()
        try tmp.write("inside.jpg", MagicBytes.jpeg + [1])  // not a copy of `leak.jpg`'s target
        try FileManager.default.createSymbolicLink(
            at: tmp.url.appendingPathComponent("elsewhere"), withDestinationURL: outside.url)
        try FileManager.default.createSymbolicLink(
            at: tmp.url.appendingPathComponent("leak.jpg"),
            withDestinationURL: outside.url.appendingPathComponent("secret.jpg"))

        let catalog = try CatalogScanner(root: tmp.url).scan()

        XCTAssertEqual(catalog.allPhotos.map(\.relativePath), ["inside.jpg"])
        XCTAssertEqual(
            Set(catalog.refused.map(\.relativePath)), ["elsewhere", "leak.jpg"], "reported as skipped, never silently")
        XCTAssertTrue(
            catalog.refused.allSatisfy { $0.reason.contains("outside the input folder; set 'follow_links: true'") })

        let following = try CatalogScanner(root: tmp.url, followLinks: true).scan()
        XCTAssertEqual(following.allPhotos.map(\.relativePath), ["inside.jpg", "leak.jpg", "elsewhere/secret.jpg"])
    }

    /// An input folder `café` (é one character) and a sibling `café` (e and an accent): two
    /// folders on Linux, one string to Swift, so a link to the sibling passed for one inside
    /// and its photos were published without `follow_links`.
    func testALinkToASiblingSpeltLikeTheInputFolderLeadsOut() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("caf\u{E9}/a.jpg", MagicBytes.jpeg)
        try tmp.write("cafe\u{301}/Private/p.jpg", MagicBytes.jpeg)
        let photos = tmp.url.appendingPathComponent("caf\u{E9}")
        try FileManager.default.createSymbolicLink(
            atPath: photos.appendingPathComponent("Private").path, withDestinationPath: "../cafe\u{301}/Private")
        let catalog = try CatalogScanner(root: photos).scan()
        XCTAssertEqual(catalog.allPhotos.map(\.relativePath), ["a.jpg"])
        XCTAssertEqual(catalog.refused.map(\.relativePath), ["Private"])
    }

    /// With `follow_links`, a link to the output folder made each build publish the last
    /// one's images as photos again (the sample's 30 photos became 177, then 658): a link
    /// into the output is left out, with a warning, whether it names the folder or a file.
    func testALinkIntoTheOutputFolderIsLeftOutEvenFollowingLinks() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("photos/a.jpg", MagicBytes.jpeg)
        try tmp.write("site/_media/a.jpg", MagicBytes.jpeg + [1])
        let photos = tmp.url.appendingPathComponent("photos")
        let site = tmp.url.appendingPathComponent("site")
        try FileManager.default.createSymbolicLink(
            at: photos.appendingPathComponent("published"), withDestinationURL: site)
        try FileManager.default.createSymbolicLink(
            at: photos.appendingPathComponent("b.jpg"), withDestinationURL: site.appendingPathComponent("_media/a.jpg"))

        var scanner = CatalogScanner(root: photos, followLinks: true)
        XCTAssertEqual(
            try scanner.scan().allPhotos.map(\.relativePath).sorted(), ["a.jpg", "b.jpg", "published/_media/a.jpg"],
            "without an output folder, links are followed")
        scanner.output = site
        let catalog = try scanner.scan()
        XCTAssertEqual(catalog.allPhotos.map(\.relativePath), ["a.jpg"])
        XCTAssertEqual(Set(catalog.refused.map(\.relativePath)), ["b.jpg", "published"])
        XCTAssertTrue(catalog.refused.allSatisfy { $0.reason.contains("leads into the output folder") })
    }

    /// A followed link to a folder that holds the output (a Pictures folder, home) reached
    /// the output through the folders below it, which the check of where a link leads does
    /// not see: each build published the last one's images as photos (1 photo, then 5, then
    /// 15). The output folder is left out however it is reached, and no other file is.
    func testTheOutputFolderReachedThroughALinkToAFolderAboveItIsLeftOut() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("library/photos/a.jpg", MagicBytes.jpeg)
        try tmp.write("library/site/_media/a.jpg", MagicBytes.jpeg + [1])
        try tmp.write("library/scans/b.jpg", MagicBytes.jpeg + [2])
        let library = tmp.url.appendingPathComponent("library")
        let photos = library.appendingPathComponent("photos")
        try FileManager.default.createSymbolicLink(
            at: photos.appendingPathComponent("everything"), withDestinationURL: library)

        var scanner = CatalogScanner(root: photos, followLinks: true)
        scanner.output = library.appendingPathComponent("site")
        let catalog = try scanner.scan()
        XCTAssertEqual(catalog.allPhotos.map(\.relativePath).sorted(), ["a.jpg", "everything/scans/b.jpg"])
        XCTAssertEqual(catalog.refused.map(\.relativePath), ["everything/site"])
        XCTAssertTrue(
            catalog.refused.allSatisfy { $0.reason.contains("the output folder, reached through a symbolic link") })
        XCTAssertEqual(
            catalog.ignored.map(\.relativePath), ["everything/photos"], "the input itself, under another name")
    }

    /// `tessera init --templates` puts the theme in the photo folder: its logo was published
    /// as a photo and the folder as an album on the home page. The theme's folder is left
    /// out, with a note, and nothing else is.
    func testTheThemeFolderInsideThePhotosIsLeftOut() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("photos/a.jpg", MagicBytes.jpeg)
        try tmp.write("photos/templates/assets/logo.png", MagicBytes.png)
        try tmp.write("photos/templating/b.jpg", MagicBytes.jpeg + [1])
        var scanner = CatalogScanner(root: tmp.url.appendingPathComponent("photos"))
        scanner.themeFolder = tmp.url.appendingPathComponent("photos/templates")
        let catalog = try scanner.scan()
        XCTAssertEqual(catalog.allPhotos.map(\.relativePath), ["a.jpg", "templating/b.jpg"])
        XCTAssertEqual(catalog.excluded.map(\.relativePath), ["templates"])
        XCTAssertTrue(catalog.excluded[0].reason.contains("the theme's folder"), catalog.excluded[0].reason)
    }

    /// A camera card: Canon's `MVI_0002.THM` (a 160 × 120 JPEG) beside its clip took a short
    /// clip as its Live Photo motion, sound lost, and became a second tile of a long one;
    /// GoPro's `.LRV` (an MP4) a second copy of the clip. They are left out, with a note.
    func testACamerasThumbnailsAndLowResolutionCopiesOfClipsAreLeftOut() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("DCIM/MVI_0002.MOV", MagicBytes.isobmff("qt  "))
        try tmp.write("DCIM/MVI_0002.THM", MagicBytes.jpeg)
        try tmp.write("DCIM/GX010001.MP4", MagicBytes.isobmff("mp41") + [1])
        try tmp.write("DCIM/GL010001.LRV", MagicBytes.isobmff("mp41") + [2])
        try tmp.write("DCIM/DJI_0001.lrf", MagicBytes.isobmff("mp41") + [3])
        try tmp.write("DCIM/IMG_0003.JPG", MagicBytes.jpeg + [4])
        let catalog = try CatalogScanner(root: tmp.url).scan()
        XCTAssertEqual(
            catalog.allPhotos.map(\.relativePath), ["DCIM/GX010001.MP4", "DCIM/IMG_0003.JPG", "DCIM/MVI_0002.MOV"])
        XCTAssertEqual(catalog.liveMotions, [:], "no clip is a Live Photo's motion")
        XCTAssertEqual(
            catalog.excluded.map(\.relativePath).sorted(),
            ["DCIM/DJI_0001.lrf", "DCIM/GL010001.LRV", "DCIM/MVI_0002.THM"])
        XCTAssertTrue(catalog.excluded.allSatisfy { $0.reason.contains("a camera's") }, "\(catalog.excluded)")
    }

    func testSymbolicLinksInsideTheInputAreFollowedAndLoopsEnd() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("Album/a.jpg", MagicBytes.jpeg)
        try FileManager.default.createSymbolicLink(
            at: tmp.url.appendingPathComponent("Album/loop"), withDestinationURL: tmp.url)
        try FileManager.default.createSymbolicLink(
            at: tmp.url.appendingPathComponent("Album/self"),
            withDestinationURL: tmp.url.appendingPathComponent("Album"))
        try FileManager.default.createSymbolicLink(
            at: tmp.url.appendingPathComponent("favourite.jpg"),
            withDestinationURL: tmp.url.appendingPathComponent("Album/a.jpg"))

        let catalog = try CatalogScanner(root: tmp.url).scan()

        XCTAssertEqual(catalog.allPhotos.map(\.relativePath).sorted(), ["Album/a.jpg", "favourite.jpg"])
        XCTAssertEqual(Set(catalog.ignored.map(\.relativePath)), ["Album/loop", "Album/self"])
    }

    func testAMissingInputFolderIsAClearError() throws {
        let tmp = try TemporaryFolder()
        let missing = tmp.url.appendingPathComponent("nope")
        XCTAssertThrowsError(try CatalogScanner(root: missing).scan()) { error in
            XCTAssertEqual(error as? ScanError, .inputMissing(missing.path))
            XCTAssertTrue("\(error)".contains("does not exist"))
        }
    }

    func testMarkdownFilesAreNotesAndNomediaAndIgnorePatternsLeaveThingsOut() throws {
        let tmp = try TemporaryFolder()
        for path in ["a.jpg", "Trip/b.jpg", "Trip/c.tmp.jpg", "Private/d.jpg", "drafts/e.jpg"] {
            try tmp.write(path, MagicBytes.jpeg)
        }
        try tmp.write("tessera.yaml", Array("title: x\n".utf8))
        try tmp.write("index.md", Array("Title: Home\n".utf8))
        try tmp.write("Trip/b.md", Array("A caption.\n".utf8))
        try tmp.write("Private/.nomedia", [])

        let catalog = try CatalogScanner(root: tmp.url, ignore: [FilePattern("*.tmp.jpg"), FilePattern("drafts")])
            .scan()

        XCTAssertEqual(catalog.allPhotos.map(\.relativePath), ["a.jpg", "Trip/b.jpg"])
        XCTAssertEqual(catalog.root.notes.map(\.relativePath), ["index.md"])
        XCTAssertEqual(catalog.root.albums[0].notes.map(\.relativePath), ["Trip/b.md"])
        XCTAssertEqual(
            catalog.excluded,
            [
                IgnoredFile(relativePath: "drafts", reason: "ignored by the pattern 'drafts'"),
                IgnoredFile(relativePath: "Private", reason: "the folder holds a .nomedia file"),
                IgnoredFile(relativePath: "Trip/c.tmp.jpg", reason: "ignored by the pattern '*.tmp.jpg'"),
            ])
        XCTAssertEqual(catalog.ignored, [], "neither the notes nor tessera.yaml are strays")
    }

    /// A folder named like an `ignore_files:` pattern, and a photo named like a folders-only
    /// `ignore:` pattern (`_*/`), are published: sigal's `ignore_files = ['*backup*']` and
    /// `ignore_directories = ['_*']` left out `2019 backup trip` and `Keep/_DSC0042.jpg`.
    func testAPatternForFoldersLeavesFilesInAndOneForFilesLeavesFoldersIn() throws {
        let tmp = try TemporaryFolder()
        for path in [
            "2019 backup trip/beach.jpg", "2019 backup trip/old-backup.jpg", "_drafts/x.jpg", "Keep/_DSC0042.jpg",
        ] {
            try tmp.write(path, MagicBytes.jpeg)
        }
        let catalog = try CatalogScanner(
            root: tmp.url, ignore: [FilePattern("_*/"), FilePattern("*backup*", files: true)]
        ).scan()
        XCTAssertEqual(catalog.allPhotos.map(\.relativePath), ["2019 backup trip/beach.jpg", "Keep/_DSC0042.jpg"])
        XCTAssertEqual(
            catalog.excluded.sorted { $0.relativePath < $1.relativePath },
            [
                IgnoredFile(
                    relativePath: "2019 backup trip/old-backup.jpg",
                    reason: "ignored by the ignore_files pattern '*backup*'"),
                IgnoredFile(relativePath: "_drafts", reason: "ignored by the pattern '_*/'"),
            ])
    }

    /// sigal's nomedia plugin: a `.nomedia` that lists names leaves out only those; an empty
    /// one leaves out its folder (sigal's own sample gallery has both).
    func testANoMediaListLeavesOutOnlyTheNamesItLists() throws {
        let tmp = try TemporaryFolder()
        for (index, path) in [
            "nomedia/created/should_be_created.jpg", "nomedia/created/should_be_ignored3.jpg",
            "nomedia/created/ignored/should_be_ignored2.jpg", "nomedia/ignored/should_be_ignored_1.jpg",
            "nomedia/ignored/recursively_ignored/should_be_ignored.jpg", "top.jpg", "skipped.jpg",
        ].enumerated() {
            try tmp.write(path, MagicBytes.jpeg + [UInt8(index)])  // not copies of each other
        }
        try tmp.write("nomedia/created/.nomedia", Array("should_be_ignored3.jpg\r\nignored/\n\nnot_there.jpg".utf8))
        try tmp.write("nomedia/ignored/.nomedia", [])
        try tmp.write(".nomedia", Array("skipped.jpg\n".utf8))

        let catalog = try CatalogScanner(root: tmp.url).scan()

        XCTAssertEqual(catalog.allPhotos.map(\.relativePath), ["top.jpg", "nomedia/created/should_be_created.jpg"])
        XCTAssertEqual(
            catalog.excluded,
            [
                IgnoredFile(relativePath: "nomedia/created/ignored", reason: "listed in nomedia/created/.nomedia"),
                IgnoredFile(
                    relativePath: "nomedia/created/should_be_ignored3.jpg", reason: "listed in nomedia/created/.nomedia"
                ),
                IgnoredFile(relativePath: "nomedia/ignored", reason: "the folder holds a .nomedia file"),
                IgnoredFile(relativePath: "skipped.jpg", reason: "listed in .nomedia"),
            ])
    }
}
