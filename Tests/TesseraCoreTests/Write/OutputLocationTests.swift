import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore

final class OutputLocationTests: XCTestCase {
    func testOutputMayNotBeInsideContainOrEqualTheInput() throws {
        let tmp = try TemporaryFolder()
        let photos = try tmp.folder("photos")
        let input = photos.path

        XCTAssertThrowsError(try OutputLocation.validate(input: input, output: input)) {
            XCTAssertEqual($0 as? WriteError, .outputIsInput(input))
        }
        XCTAssertThrowsError(try OutputLocation.validate(input: input, output: input + "/site")) {
            XCTAssertEqual($0 as? WriteError, .outputInsideInput(output: input + "/site", input: input))
        }
        XCTAssertThrowsError(try OutputLocation.validate(input: input, output: tmp.url.path)) {
            XCTAssertEqual($0 as? WriteError, .outputContainsInput(output: tmp.url.path, input: input))
        }
        XCTAssertNoThrow(try OutputLocation.validate(input: input, output: tmp.url.path + "/site"))
        XCTAssertNoThrow(try OutputLocation.validate(input: input, output: tmp.url.path + "/photos-site"))
    }

    func testLinksAreResolvedBeforeComparing() throws {
        let tmp = try TemporaryFolder()
        let photos = try tmp.folder("photos")
        let alias = tmp.url.appendingPathComponent("alias")
        try FileManager.default.createSymbolicLink(at: alias, withDestinationURL: photos)

        XCTAssertThrowsError(try OutputLocation.validate(input: photos.path, output: alias.path + "/site")) {
            XCTAssertTrue("\($0)".contains("inside the input folder"))
        }
    }

    /// `mount --bind photos view`, then `-o view/site`: another real path, the same folder.
    /// It was accepted and the site written into the input. Folders are compared by device
    /// and inode too (a fake identity here: a test cannot mount).
    func testTheSameFolderReachedByAnotherPathIsTheInput() throws {
        let tmp = try TemporaryFolder()
        let photos = try tmp.folder("photos").path
        let view = try tmp.folder("view").path
        let box = try tmp.folder("box").path
        let photosID = try XCTUnwrap(FileSystem.fileID(photos))
        let tmpID = try XCTUnwrap(FileSystem.fileID(tmp.url.path))
        let real = try XCTUnwrap(FileSystem.realPath(tmp.url.path))
        func identify(_ path: String) -> FileSystem.FileID? {
            if path == real + "/view" { return photosID }  // a bind mount of photos
            if path == real + "/box" { return tmpID }  // a bind mount of photos' parent
            return FileSystem.fileID(path)
        }
        XCTAssertThrowsError(try OutputLocation.validate(input: photos, output: view + "/site", identify: identify)) {
            XCTAssertEqual($0 as? WriteError, .outputInsideInput(output: view + "/site", input: photos))
        }
        XCTAssertThrowsError(try OutputLocation.validate(input: photos, output: view, identify: identify)) {
            XCTAssertEqual($0 as? WriteError, .outputIsInput(view))
        }
        XCTAssertThrowsError(try OutputLocation.validate(input: photos, output: box, identify: identify)) {
            XCTAssertEqual($0 as? WriteError, .outputContainsInput(output: box, input: photos))
        }
        XCTAssertNoThrow(try OutputLocation.validate(input: photos, output: tmp.url.path + "/site", identify: identify))
    }
}
