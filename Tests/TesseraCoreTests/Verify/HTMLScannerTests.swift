import XCTest

@testable import TesseraCore

/// The tag scanner, the CSS `url()` scanner and `srcset` splitting on pages as Tessera and
/// hands write them, and on markup that is broken on purpose.
final class HTMLScannerTests: XCTestCase {
    func tags(_ html: String, textOf: Set<String> = []) -> [HTMLScanner.Tag] {
        HTMLScanner.tags(in: Array(html.utf8), textOf: textOf)
    }

    func testTagsAttributesLinesAndReferences() {
        let page = """
            <!doctype html>
            <!-- <a href="commented.html"> -->
            <A HREF="caf%C3%A9.html" class=x>Café</A>
            <img
              src='a&amp;b.jpg' alt="R&#38;D &quot;1&quot; &#x1F305;" data-x=unquoted/>
            <script>document.write('<a href="scripted.html">')</script>
            <p title="a > b">x</p><br/>
            """
        let found = tags(page)
        XCTAssertEqual(found.map(\.name), ["a", "img", "script", "p", "br"], "comments and script text are not tags")
        XCTAssertEqual(found[0].value("href"), "caf%C3%A9.html")
        XCTAssertEqual(found[0].line, 3)
        XCTAssertEqual(found[1].value("src"), "a&b.jpg")
        XCTAssertEqual(found[1].value("alt"), "R&D \"1\" 🌅")
        XCTAssertEqual(found[1].value("data-x"), "unquoted/")
        XCTAssertEqual(found[1].attributes.first { $0.name == "src" }?.line, 5, "an attribute's own line")
        XCTAssertEqual(found[3].value("title"), "a > b")
    }

    func testBrokenMarkupEndsWithoutLosingWhatCameBefore() {
        XCTAssertEqual(tags("<a href=\"x.html\"><img src=\"never-closed").map(\.name), ["a", "img"])
        XCTAssertEqual(tags("<!-- never closed <a href=x>").count, 0)
        XCTAssertEqual(
            tags("<!--><img src=a.jpg><!---><img src=b.jpg>").map { $0.value("src") }, ["a.jpg", "b.jpg"],
            "an empty comment ends at once, as a browser reads it; the images after it load")
        let cdata = "<![CDATA[ x > <img src=c.jpg> ]]>"
        XCTAssertEqual(
            tags(cdata).map { $0.value("src") }, ["c.jpg"],
            "in a page CDATA is a bogus comment that ends at the first '>'; a browser loads the image")
        XCTAssertEqual(
            HTMLScanner.tags(in: Array(cdata.utf8), isXML: true).count, 0, "in a feed it is text to its ']]>'")
        XCTAssertEqual(tags("<script>never closed <a href=x>").map(\.name), ["script"])
        XCTAssertEqual(tags("a < b, <3, <<>>, </>, <=").count, 0)
        XCTAssertEqual(HTMLScanner.decodeReferences("&amp &bogus; &#xFFFFFFFF; &#38;"), "&amp &bogus; &#xFFFFFFFF; &")
        // Inputs that make naive scanners quadratic or deep: one pass each.
        let hostile = String(repeating: "<a ", count: 20_000) + String(repeating: "<!--", count: 20_000)
        XCTAssertEqual(tags(hostile).count, 1, "one tag whose attributes run to the first comment")
    }

    func testTheSitemapsLocationsAreRead() {
        let xml = "<?xml version=\"1.0\"?>\n<urlset>\n<url><loc>https://example.org/a&amp;b/</loc></url>\n</urlset>"
        let locations = tags(xml, textOf: ["loc"]).filter { $0.name == "loc" }
        XCTAssertEqual(locations.map(\.text), ["https://example.org/a&b/"])
        XCTAssertEqual(locations.map(\.line), [3])
    }

    func testStylesheetURLsSkipCommentsAndStrings() {
        let css = """
            @import "base.css";
            /* url(commented.png) */
            .a { background: url( "a b.png" ) }
            .b { background: URL(b\\).png) }
            .c::after { content: "url(not-a-link.png)" }
            .d { mask: url(data:image/svg+xml,x) ; --url(x): 1 }
            """
        let found = CSSScanner.references(in: Array(css.utf8))
        XCTAssertEqual(found.map(\.url), ["base.css", "a b.png", "b).png", "data:image/svg+xml,x"])
        XCTAssertEqual(found.map(\.line), [1, 3, 4, 6])
    }

    func testSourceSetsSplitAsBrowsersDo() {
        XCTAssertEqual(
            SourceSet.urls("a.jpg 360w, b,c.jpg 540w,d.jpg, e.jpg 2x"), ["a.jpg", "b,c.jpg", "d.jpg", "e.jpg"])
        XCTAssertEqual(SourceSet.urls("  x.jpg  "), ["x.jpg"])
        XCTAssertEqual(SourceSet.urls(" , ,"), [])
    }

    func testReferencesResolveInsideTheSiteOnly() {
        let page = PublishedPath("travels/index.html")
        func resolve(_ url: String, base: String? = nil) -> SiteReference {
            SiteReference.resolve(url, from: page, base: base)
        }
        XCTAssertEqual(resolve("caf%C3%A9.html"), .file(PublishedPath("travels/café.html"), folder: false))
        XCTAssertEqual(resolve("../index.html#top"), .file(PublishedPath("index.html"), folder: false))
        XCTAssertEqual(resolve("coast/?page=2"), .file(PublishedPath("travels/coast"), folder: true))
        XCTAssertEqual(resolve("hash%23%20%3F.jpg"), .file(PublishedPath("travels/hash# ?.jpg"), folder: false))
        XCTAssertEqual(resolve("../../etc/passwd"), .escapesRoot)
        XCTAssertEqual(resolve("%2e%2e/%2e%2e/x"), .escapesRoot, "encoded dots are dots to a browser")
        XCTAssertEqual(resolve("data:,"), SiteReference.none)
        XCTAssertEqual(resolve("mailto:a@b"), SiteReference.none)
        XCTAssertEqual(resolve("#x"), SiteReference.none)
        XCTAssertEqual(resolve("https://elsewhere.org/x"), .external("https://elsewhere.org/x"))
        let base = "https://example.org/g/"
        XCTAssertEqual(
            resolve("https://EXAMPLE.org/g/a.html", base: base), .file(PublishedPath("a.html"), folder: false))
        XCTAssertEqual(resolve("https://example.org/g", base: base), .file(PublishedPath(""), folder: true))
        XCTAssertEqual(
            resolve("https://example.org/other/a.html", base: base), .outsideBase("https://example.org/other/a.html"))
        XCTAssertEqual(resolve("/g/x.css", base: base), .file(PublishedPath("x.css"), folder: false))
        XCTAssertEqual(resolve("/x.css"), .file(PublishedPath("x.css"), folder: false), "no base: the site's root")
        // A link written by hand with a space or an accent under a base a build encodes
        // (`my%20g%C3%A4llery/`) is the site's, as a browser sends it; it "left the site".
        let spaced = "https://example.org/my%20g%C3%A4llery/"
        XCTAssertEqual(
            resolve("https://example.org/my gällery/a b.html", base: spaced),
            .file(PublishedPath("a b.html"), folder: false))
        XCTAssertEqual(
            resolve("https://example.org/my%20g%c3%a4llery/", base: spaced), .file(PublishedPath(""), folder: true))
        XCTAssertEqual(resolve("https://example.org/my gällery", base: spaced), .file(PublishedPath(""), folder: true))
        XCTAssertEqual(
            resolve("https://example.org/my gallery/a.html", base: spaced),
            .outsideBase("https://example.org/my gallery/a.html"))
        // `%2F` is no `/` to a server: not a file below the base.
        XCTAssertEqual(
            resolve("https://example.org/g%2Fa.html", base: base), .outsideBase("https://example.org/g%2Fa.html"))
        // NFC and NFD are two names on Linux and to a web server.
        XCTAssertNotEqual(PublishedPath("caf\u{E9}"), PublishedPath("cafe\u{301}"))
    }
}
