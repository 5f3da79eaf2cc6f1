import Foundation
import XCTest

@testable import TesseraTemplate

/// Runs the official Mustache spec cases (shared with the team, not shipped in the repository).
final class MustacheSpecTests: XCTestCase {
    /// Cases deliberately not run, by "file/name", with the reason. There are none.
    static let skippedCases: [String: String] = [:]

    func testInterpolation() throws { try runSpec("interpolation") }
    func testSections() throws { try runSpec("sections") }
    func testInverted() throws { try runSpec("inverted") }
    func testComments() throws { try runSpec("comments") }
    func testPartials() throws { try runSpec("partials") }
    func testDelimiters() throws { try runSpec("delimiters") }

    private func runSpec(_ file: String) throws {
        let url = try Self.specFolder().appendingPathComponent("\(file).json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        let cases = try XCTUnwrap((json as? [String: Any])?["tests"] as? [[String: Any]], "\(file).json has no tests")
        XCTAssertFalse(cases.isEmpty, "\(file).json has no tests")
        var passed = 0
        for specCase in cases {
            let name = specCase["name"] as? String ?? "?"
            if let reason = Self.skippedCases["\(file)/\(name)"] {
                print("skipped \(file)/\(name): \(reason)")
                continue
            }
            do {
                let template = try Template(specCase["template"] as? String ?? "", name: name)
                var partials: [String: Template] = [:]
                for (partialName, source) in specCase["partials"] as? [String: String] ?? [:] {
                    partials[partialName] = try Template(source, name: partialName)
                }
                let rendered = try template.render(Self.value(specCase["data"] ?? NSNull()), partials: partials)
                let expected = specCase["expected"] as? String ?? ""
                if rendered == expected {
                    passed += 1
                } else {
                    XCTFail("\(file)/\(name): expected \(expected.debugDescription), got \(rendered.debugDescription)")
                }
            } catch {
                XCTFail("\(file)/\(name): \(error)")
            }
        }
        print("Mustache spec \(file): \(passed)/\(cases.count) passed")
    }

    private static func specFolder() throws -> URL {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        // `../shared` from the package root; a git worktree under `wt/` sits one level deeper.
        for parent in ["..", "../.."] {
            let folder = root.appendingPathComponent("\(parent)/shared/mustache-spec").standardized
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("sections.json").path) {
                return folder
            }
        }
        throw XCTSkip(
            "../shared/mustache-spec not found: the official Mustache spec cases are only in the team checkout")
    }

    /// JSON booleans arrive as NSNumber, and on Linux `is Bool` also matches the numbers 0 and 1,
    /// so booleans are told apart by their Objective-C type code.
    private static func value(_ json: Any) -> TemplateValue {
        switch json {
        case let text as String: return .string(text)
        case let number as NSNumber:
            return String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
        case let items as [Any]: return .list(items.map(value))
        case let members as [String: Any]: return .object(members.mapValues(value))
        default: return .null
        }
    }
}
