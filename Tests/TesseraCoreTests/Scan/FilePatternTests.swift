import XCTest

@testable import TesseraCore

/// `ignore:`, `ignore_files:` and `hidden:` patterns.
final class FilePatternTests: XCTestCase {
    func testANameMatchesAtAnyDepthAndAPathFromTheRoot() {
        XCTAssertTrue(FilePattern("*.tmp").matches("a/b/c.tmp", isFolder: false))
        XCTAssertTrue(FilePattern("drafts").matches("2024/drafts", isFolder: true))
        XCTAssertFalse(FilePattern("drafts").matches("2024/drafts-old", isFolder: false))
        XCTAssertTrue(FilePattern("2024/*.jpg").matches("2024/a.jpg", isFolder: false))
        XCTAssertFalse(FilePattern("2024/*.jpg").matches("2024/x/a.jpg", isFolder: false), "* stays within a folder")
        XCTAssertTrue(FilePattern("2024/**.jpg").matches("2024/x/a.jpg", isFolder: false), "** crosses folders")
        XCTAssertTrue(FilePattern("/private/*").matches("private/a.jpg", isFolder: false))
        XCTAssertTrue(FilePattern("IMG_?.jpg").matches("IMG_1.jpg", isFolder: false))
        XCTAssertFalse(FilePattern("IMG_?.jpg").matches("IMG_10.jpg", isFolder: false))
    }

    /// sigal's `ignore_files = ['*backup*']` left out the folder `2019 backup trip` and
    /// `ignore_directories = ['_*']` the photo `_DSC0042.jpg` once both were one `ignore:`
    /// list: a trailing `/` makes a pattern match folders only, as in `.gitignore`, and an
    /// `ignore_files:` pattern matches files only.
    func testATrailingSlashMatchesFoldersOnlyAndAFilesPatternFilesOnly() {
        let folders = FilePattern("_*/")
        XCTAssertEqual(folders.pattern, "_*")
        XCTAssertTrue(folders.matches("_drafts", isFolder: true))
        XCTAssertFalse(folders.matches("Keep/_DSC0042.jpg", isFolder: false))
        let files = FilePattern("*backup*", files: true)
        XCTAssertTrue(files.matches("2019 backup trip/old-backup.jpg", isFolder: false))
        XCTAssertFalse(files.matches("2019 backup trip", isFolder: true))
        let both = FilePattern("*backup*")
        XCTAssertTrue(
            both.matches("2019 backup trip", isFolder: true) && both.matches("old-backup.jpg", isFolder: false))
        var asked = false
        XCTAssertFalse(
            folders.matches(
                "a.jpg",
                isFolder: {
                    asked = true
                    return false
                }()))
        XCTAssertFalse(asked, "whether a path is a folder is asked only once the pattern matches it")
    }
    /// Stars were tried at every place they could stop, recursively: `*a*a*…*b` against a
    /// long name of `a`s took exponential time (eight stars, 37 s; nine, no end), in every
    /// build and every `serve` rebuild. Each of these ends at once now, with the answer the
    /// shell gives.
    func testStarsTakeTimeInProportionToThePatternAndTheName() {
        let name = String(repeating: "a", count: 200) + ".jpg"
        let many = String(repeating: "*a", count: 30)
        XCTAssertFalse(FilePattern(many + "*b").matches(name, isFolder: false))
        XCTAssertTrue(FilePattern(many + "*.jpg").matches(name, isFolder: false))
        XCTAssertFalse(FilePattern("**a**a**a**a**a**a**a**a**a**b").matches("x/" + name, isFolder: false))
        XCTAssertTrue(FilePattern("2019/**/*a*a*a*a*a*a*a*a*.jpg").matches("2019/x/y/" + name, isFolder: false))
        XCTAssertFalse(
            FilePattern("2019/*a*a*a*.jpg").matches("2019/x/" + name, isFolder: false), "* stays in one name")
        XCTAssertTrue(FilePattern("?*?").matches("ab", isFolder: false))
        XCTAssertFalse(FilePattern("?*?").matches("a", isFolder: false))
    }
}
