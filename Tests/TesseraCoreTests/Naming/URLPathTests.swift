import XCTest

@testable import TesseraCore

final class URLPathTests: XCTestCase {
    func testSegmentsArePercentEncodedAsUTF8() {
        XCTAssertEqual(URLPath.encodeSegment("a b#c?d%e&f\"g<h+i;j"), "a%20b%23c%3Fd%25e%26f%22g%3Ch%2Bi%3Bj")
        XCTAssertEqual(URLPath.encodeSegment("été"), "%C3%A9t%C3%A9")
        XCTAssertEqual(URLPath.encodeSegment("plain-name_1.jpg"), "plain-name_1.jpg")
    }

    func testABaseURLIsEncodedOnceAndAnEncodedOneStaysAsItIs() {
        XCTAssertEqual(URLPath.encodeBase("https://example.org/my photos/"), "https://example.org/my%20photos/")
        XCTAssertEqual(
            URLPath.encodeBase("https://example.org/été/\"x\"/"), "https://example.org/%C3%A9t%C3%A9/%22x%22/")
        XCTAssertEqual(URLPath.encodeBase("https://example.org/a%20b/100%/"), "https://example.org/a%20b/100%25/")
        XCTAssertEqual(URLPath.encodeBase("https://user@example.org:8080/a+b/"), "https://user@example.org:8080/a+b/")
    }

    func testRelativeLinksWalkUpAndDownWithoutTrailingFolders() {
        XCTAssertEqual(URLPath.relative(from: "", to: "index.html"), "index.html")
        XCTAssertEqual(URLPath.relative(from: "a/b", to: "tessera.css"), "../../tessera.css")
        XCTAssertEqual(URLPath.relative(from: "a", to: "a/_media/x.jpg"), "_media/x.jpg")
        XCTAssertEqual(URLPath.relative(from: "a/b", to: "a/index.html"), "../index.html")
        XCTAssertEqual(URLPath.relative(from: "a", to: "a/b c/index.html"), "b%20c/index.html")
        XCTAssertEqual(URLPath.relative(from: "x", to: "y/index.html"), "../y/index.html")
    }

    /// The 404 page's links and `serve`'s published folder start at the base URL's path.
    func testTheHostPathOfABaseIsItsFolderFromTheHostsRoot() {
        XCTAssertEqual(URLPath.hostPath(of: URLPath.base("https://example.org/photos")), "/photos/")
        XCTAssertEqual(URLPath.hostPath(of: URLPath.base("https://example.org")), "/")
        XCTAssertEqual(URLPath.hostPath(of: URLPath.base("https://example.org:8443/a/b c/")), "/a/b%20c/")
        XCTAssertEqual(URLPath.hostPath(of: URLPath.base("http://[::1]:8000/été/")), "/%C3%A9t%C3%A9/")
    }
}
