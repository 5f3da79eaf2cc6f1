import Foundation
import TesseraLayout
import XCTest

@testable import TesseraCore

/// Generated pages carry a strict Content-Security-Policy, and everything they run is a
/// file of the site, so the policy needs no `'unsafe-inline'` for scripts.
final class ContentSecurityPolicyTests: XCTestCase {
    private func pages() throws -> [String] {
        let renderer = PageRenderer(theme: try Theme.defaults(), layout: LayoutOptions())
        return [try renderer.render(AlbumPage.example), try renderer.render(PhotoPage.example)]
    }

    private func policy(of html: String) throws -> [String] {
        let match = try XCTUnwrap(
            html.firstMatch(of: /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/), "no policy")
        return match.output.1.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    func testEveryPageHasAStrictPolicyBeforeAnythingItLoads() throws {
        for html in try pages() {
            let directives = try policy(of: html)
            XCTAssertTrue(directives.contains("default-src 'self'"), "\(directives)")
            XCTAssertTrue(directives.contains("script-src 'self'"), "no inline or foreign script: \(directives)")
            XCTAssertTrue(directives.contains("object-src 'none'"), "\(directives)")
            XCTAssertTrue(directives.contains("base-uri 'none'"), "\(directives)")
            XCTAssertFalse(directives.contains { $0.hasPrefix("frame-ancestors") }, "ignored (and logged) in a <meta>")
            let policyAt = try XCTUnwrap(html.range(of: "Content-Security-Policy")).lowerBound
            let firstLoad = try XCTUnwrap(html.range(of: "<link rel=\"stylesheet\"")).lowerBound
            XCTAssertLessThan(policyAt, firstLoad, "the policy comes before the first resource")
        }
    }

    func testNoPageHasAnInlineScript() throws {
        for html in try pages() {
            for tag in html.matches(of: /<script[^>]*>/) {
                XCTAssertTrue(tag.output.contains(" src=\""), "inline script: \(tag.output)")
            }
        }
        XCTAssertTrue(try pages()[1].contains("<script src=\"tessera.js\"></script>"))
    }

    func testThePhotoPagesScriptIsASiteFileAndATemplateFolderMayReplaceIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-csp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertTrue(try Theme.defaults().script.contains("ArrowRight"))
        let defaults = try Theme.defaults()
        try Data("console.log('mine');\n".utf8).write(to: folder.appendingPathComponent("script.js"))
        let mine = try Theme.load(from: folder)
        XCTAssertEqual(mine.script, "console.log('mine');\n")
        XCTAssertNotEqual(mine.fingerprint, defaults.fingerprint, "pages made with another script are made again")
        XCTAssertTrue(Theme.builtInFiles.contains { $0.name == "script.js" && $0.text == defaults.script })
    }

    func testAnInlineScriptInATemplateFolderIsAWarningWithItsPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-csp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = try XCTUnwrap(DefaultTemplates.sources["photo"])
            .replacingOccurrences(of: "<script src=\"{{script}}\"></script>", with: "<script>\nalert(1)</script>")
        try Data(photo.utf8).write(to: folder.appendingPathComponent("photo.mustache"))
        try Data("<footer><SCRIPT type=\"module\">x()</SCRIPT><script src=\"a.js\"></script></footer>".utf8).write(
            to: folder.appendingPathComponent("footer.mustache"))
        let warnings = try Theme.load(from: folder).warnings.map(\.description)
        let line = photo.prefix(while: { _ in true }).components(separatedBy: "\n").firstIndex { $0 == "<script>" }! + 1
        XCTAssertEqual(
            warnings.filter { $0.contains("inline <script>") }.map { $0.components(separatedBy: ": warning:")[0] },
            ["\(folder.path)/photo.mustache:\(line):1", "\(folder.path)/footer.mustache:1:9"], "\(warnings)")
        XCTAssertTrue(warnings.contains { $0.contains("move its code into script.js (published as tessera.js)") })
    }
}
