import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// A folder inside the output that is a link to elsewhere must not let a build read,
/// write or delete outside the output folder.
final class SiteWriterConfinementTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var site: URL { folder.url.appendingPathComponent("site") }
    private var outside: URL { folder.url.appendingPathComponent("outside") }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        try folder.write("outside/photo.jpg", Array("precious".utf8))
        try folder.folder("site")
        try FileManager.default.createSymbolicLink(
            at: site.appendingPathComponent("travels"), withDestinationURL: outside)
    }

    override func tearDown() { folder = nil }

    func testAStaleFileThroughALinkedFolderIsNotDeleted() throws {
        let writer = SiteWriter(
            output: site, previous: Manifest(files: ["travels/photo.jpg": .init(fingerprint: "a")]))
        XCTAssertThrowsError(try writer.finish(photos: [:])) { error in
            guard case .outsideOutput(let link, let target, _) = error as? WriteError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(link, site.appendingPathComponent("travels").path)
            XCTAssertEqual(target, FileSystem.realPath(outside.path))
            XCTAssertTrue("\(error)".contains("leads out of the output folder"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOf: outside.appendingPathComponent("photo.jpg"), encoding: .utf8), "precious")
    }

    func testNothingIsWrittenThroughALinkedFolder() throws {
        let writer = SiteWriter(
            output: site, previous: Manifest(files: ["travels/photo.jpg": .init(fingerprint: "a")]))
        XCTAssertFalse(writer.isPresent("travels/photo.jpg"), "nothing is looked at through the link")
        let photo = Product(path: "travels/photo.jpg", fingerprint: "b", kind: .image)
        let page = Product(path: "travels/new/page.html", fingerprint: "b", kind: .page)
        try writer.carry(writer.plan([photo, page]))
        XCTAssertThrowsError(try writer.write(Array("new".utf8), for: photo))
        XCTAssertThrowsError(try writer.write(Array("new".utf8), for: page))
        XCTAssertEqual(try String(contentsOf: outside.appendingPathComponent("photo.jpg"), encoding: .utf8), "precious")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), ["photo.jpg"])
    }

    /// An output folder `café` (é one character) and a sibling `café` (e and an accent):
    /// two folders on Linux, one string to Swift, so a link to the sibling passed for a
    /// folder of the output, and a build deleted and wrote files there.
    func testALinkToASiblingSpeltLikeTheOutputFolderLeadsOut() throws {
        let composed = folder.url.appendingPathComponent("caf\u{E9}")
        try folder.write("cafe\u{301}/trip/a.html", Array("mine".utf8))
        try folder.folder("caf\u{E9}")
        try FileManager.default.createSymbolicLink(
            atPath: composed.appendingPathComponent("trip").path, withDestinationPath: "../cafe\u{301}/trip")
        let writer = SiteWriter(output: composed, previous: Manifest(files: ["trip/a.html": .init(fingerprint: "a")]))
        XCTAssertThrowsError(try writer.finish(photos: [:])) { error in
            XCTAssertTrue("\(error)".contains("leads out of the output folder"), "\(error)")
        }
        XCTAssertEqual(
            try String(contentsOf: folder.url.appendingPathComponent("cafe\u{301}/trip/a.html"), encoding: .utf8),
            "mine")
        XCTAssertThrowsError(try OutputLocation.validate(input: composed.path, output: composed.path + "/site"))
        XCTAssertNoThrow(
            try OutputLocation.validate(
                input: composed.path, output: folder.url.appendingPathComponent("cafe\u{301}").path),
            "a sibling is neither the input nor inside it")
    }

    /// A link between folders of the output is refused too: a folder Tessera makes that
    /// leads to another one (a user's own, inside the site) had Tessera's files kept,
    /// written and deleted in a folder it did not make.
    func testALinkBetweenFoldersOfTheOutputIsNotWrittenThrough() throws {
        try FileManager.default.createDirectory(
            at: site.appendingPathComponent("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: site.appendingPathComponent("alias"), withDestinationURL: site.appendingPathComponent("real"))
        let writer = SiteWriter(output: site, previous: Manifest())
        let page = Product(path: "alias/page.html", fingerprint: "p", kind: .page)
        try writer.carry(writer.plan([page]))
        XCTAssertThrowsError(try writer.write(Array("page".utf8), for: page)) { error in
            XCTAssertEqual(
                error as? WriteError,
                .linkedFolder(
                    folder: site.appendingPathComponent("alias").path,
                    leadsTo: site.appendingPathComponent("real").resolvingSymlinksInPath().path))
        }
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("real").path), [])
    }
}
