import FuzzSupport
import TesseraMarkdown

@testable import TesseraCore

/// A description or caption body: CommonMark to HTML through libcmark, safe and unsafe,
/// and to the one-line plain text of `alt` and `<meta name="description">`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = input.text
    let renderer = CommonMarkRenderer()
    let safe = renderer.html(fromMarkdown: text, allowRawHTML: false).lowercased()
    // Safe mode keeps written HTML and script links out of the page.
    if safe.contains("<script") || safe.contains("href=\"javascript:") || safe.contains("src=\"javascript:") {
        FuzzInput.violated("safe HTML carries no script", safe)
    }
    _ = renderer.html(fromMarkdown: text, allowRawHTML: true)
    let summary = PlainText.summary(ofMarkdown: text)
    if summary.contains(where: \.isNewline) { FuzzInput.violated("the summary is one line", summary) }
    return 0
}
