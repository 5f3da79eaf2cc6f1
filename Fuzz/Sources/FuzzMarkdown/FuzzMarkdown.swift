import FuzzSupport
import TesseraMarkdown

@testable import TesseraCore

/// A description or caption body through libcmark, safe and unsafe: the HTML of the page
/// and the one-line plain text of `alt` and `<meta name="description">`, from one tree,
/// with nesting flattened past `CommonMarkRenderer.maxNesting`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    let renderer = CommonMarkRenderer()
    let safe = renderer.render(text, allowRawHTML: false)
    // Safe mode keeps written HTML and script links out of the page.
    let html = safe.html.lowercased()
    if html.contains("<script") || html.contains("href=\"javascript:") || html.contains("src=\"javascript:") {
        FuzzInput.violated("safe HTML carries no script", html)
    }
    if safe.plainText.contains(where: \.isNewline) { FuzzInput.violated("the plain text is one line", safe.plainText) }
    for notice in safe.notices where notice.line < 1 {
        FuzzInput.violated("a notice's line is 1-based", "\(notice.line): \(notice.message)")
    }
    _ = renderer.render(text, allowRawHTML: true)
    return 0
}
