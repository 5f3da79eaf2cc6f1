import FuzzSupport

@testable import TesseraTemplate

/// A theme's Mustache template (a user's `--templates` folder, or a theme downloaded from
/// someone): parsed, linted against a small schema, and rendered with itself as a partial
/// (so partial recursion is tried) over a context of every kind of value. Checks that a
/// value put in with `{{name}}` never reaches the output unescaped.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let source = FuzzInput(data, size).text
    guard let library = try? TemplateLibrary(sources: ["page": source, "card": "{{title}}<{{#items}}{{.}}{{/items}}>"])
    else { return 0 }
    let context: TemplateValue = [
        "title": "<script>alert(1)</script>", "count": 3, "ratio": 1.5, "flag": true, "none": .null,
        "items": ["a<b", "c&d", 7], "page": ["title": "\"quoted\"", "cards": [["title": "x"], ["title": "y"]]],
    ]
    _ = library.lint("page", against: TemplateSchema(describing: context), subject: "the page")
    if let output = try? library.render("page", context), output.contains("<script>alert"),
        !source.contains("{{{"), !source.contains("{{&"), !source.contains("="), !source.contains("<script>alert")
    {
        FuzzInput.violated("a value shown with {{name}} is escaped", output)
    }
    return 0
}
