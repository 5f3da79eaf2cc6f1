import FuzzSupport

@testable import TesseraCore

/// A theme's plural rule (`words/*.yaml`), CLDR rule text a stranger could have written:
/// read by `PluralRuleParser`, then asked for the category of whole and decimal numbers.
/// Checks that a refused rule points inside its text and that a number only ever takes
/// the rule's own category or `other`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPluralRules(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    do {
        let rules = try PluralRules([("few", text)])
        let numbers = [0, 1, 2, 5, 11, 21, 22, 101, 1_000_000, Int.max, Int.min].map { rules.category(of: $0) }
        let decimals = ["1.5", "0.0", "21.00", "-3.14"].compactMap { rules.category(ofDecimal: $0) }
        for category in numbers + decimals where category != "few" && category != "other" {
            FuzzInput.violated("a number takes the rule's category or other", category)
        }
    } catch let error as PluralRuleError {
        if error.offset < 0 || error.offset > text.count {
            FuzzInput.violated("a refused rule points inside its text", "\(error.offset) of \(text.count)")
        }
    } catch {
        FuzzInput.violated("only PluralRuleError is thrown", "\(error)")
    }
    return 0
}
