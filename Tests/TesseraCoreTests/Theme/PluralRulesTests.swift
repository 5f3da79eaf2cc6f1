import XCTest

@testable import TesseraCore

/// CLDR plural rules read from their rule text: each number takes the category a
/// translator expects ("1 zdjęcie, 2 zdjęcia, 5 zdjęć"), so a words file can say a count
/// right in a language other than English.
final class PluralRulesTests: XCTestCase {
    /// Polish's cardinal rules as CLDR writes them (one, few, many; other for fractions).
    static let polish: [(category: String, text: String)] = [
        ("one", "i = 1 and v = 0 @integer 1"),
        ("few", "v = 0 and i % 10 = 2..4 and i % 100 != 12..14 @integer 2~4, 22~24, 32~34, 42~44, …"),
        ("many", "v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 12..14"),
        ("other", " @decimal 0.0~1.5, 10.0, 100.0, 1000.0, …"),
    ]

    func testPolishCountsTakeOneFewOrMany() throws {
        let rules = try PluralRules(Self.polish)
        let categories = [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 24, 25, 102, 112, 1001].map { rules.category(of: $0) }
        XCTAssertEqual(
            categories,
            [
                "many", "one", "few", "few", "many", "many", "many", "many", "many", "few", "few", "many", "few",
                "many", "many",
            ])
    }

    func testAFractionIsOtherInPolishAndItsVisibleDigitsCount() throws {
        let rules = try PluralRules(Self.polish)
        XCTAssertEqual(rules.category(ofDecimal: "1.5"), "other")
        XCTAssertEqual(rules.category(ofDecimal: "1.0"), "other", "v = 1, so not 'one' although n = 1")
        XCTAssertEqual(rules.category(ofDecimal: "22"), "few")
        XCTAssertNil(rules.category(ofDecimal: "1,5"))
        XCTAssertNil(rules.category(ofDecimal: "1."))
    }

    func testEnglishIsOneOnlyForAWholeOne() throws {
        let rules = try PluralRules([("one", "i = 1 and v = 0"), ("other", "")])
        XCTAssertEqual([0, 1, 2, 21].map { rules.category(of: $0) }, ["other", "one", "other", "other"])
        XCTAssertEqual(rules.category(ofDecimal: "1.5"), "other")
    }

    func testEveryOperandIsReadFromTheNumberAsWritten() throws {
        let operands = try XCTUnwrap(PluralOperands(decimal: "-12.3400"))
        XCTAssertEqual(
            [
                operands.n, Double(operands.i), Double(operands.v), Double(operands.w), Double(operands.f),
                Double(operands.t),
            ],
            [12.34, 12, 4, 2, 3400, 34])
        // Rules on n with a fraction, and on f / t / w (French-style and Icelandic-style):
        let rules = try PluralRules([
            ("one", "n = 0..2 and n != 2"), ("two", "t = 34 and w = 2"), ("few", "f % 100 = 0 and v = 4"),
        ])
        XCTAssertEqual(rules.category(ofDecimal: "1.5"), "other", "a range on n holds for whole values only")
        XCTAssertEqual(rules.category(ofDecimal: "1"), "one")
        XCTAssertEqual(rules.category(ofDecimal: "0.34"), "two")
        XCTAssertEqual(rules.category(ofDecimal: "7.1200"), "few")
        XCTAssertEqual(rules.category(of: 2), "other")
    }

    func testValueListsMixValuesAndRanges() throws {
        let rules = try PluralRules([("few", "n % 100 = 3,5..7,99")])
        XCTAssertEqual([3, 4, 6, 199, 8].map { rules.category(of: $0) }, ["few", "other", "few", "few", "other"])
    }

    func testAMisspeltRuleSaysWhichCategoryAndWhatWasExpectedWhere() {
        for (text, expected, offset) in [
            ("i = 1 und v = 0", "'and', 'or' or the end", 6), ("x = 1", "an operand (n, i, v, w, f, t)", 0),
            ("i == 1", "a whole number", 3), ("i % 0 = 1", "a modulus above 0", 5),
            ("i = 5..2", "a range's end not below its start", 8),
            ("i 1", "'=' or '!='", 2), ("", "an operand (n, i, v, w, f, t)", 0),
        ] {
            XCTAssertThrowsError(try PluralRules([("few", text)]), text) { error in
                let error = error as? PluralRuleError
                XCTAssertEqual(error?.category, "few", text)
                XCTAssertEqual(error?.expected, expected, text)
                XCTAssertEqual(error?.offset, offset, text)
                XCTAssertTrue(error?.description.contains("plural rule 'few'") ?? false)
            }
        }
    }
}
