import FuzzSupport
import TesseraMarkdown
import TesseraYAML

@testable import TesseraCore

/// An `index.md` or a sidecar as the build reads it: sigal's `Key: value` header or `---`
/// YAML front matter, then the body through libcmark and the plain-text summary.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNote(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let note = MetadataNote.parse(input.text, file: "index.md", documents: YAMLDocumentParser())
    for field in note.fields where field.line < 1 {
        FuzzInput.violated("a field's line is 1-based", "\(field.key) at line \(field.line)")
    }
    let markdown = CommonMarkRenderer()
    let album = AlbumMetadata(note, file: "index.md", markdown: markdown, allowHTML: false)
    let sidecar = PhotoSidecar(note, file: "Beach.md", markdown: markdown, allowHTML: false)
    for summary in [album.summary, sidecar.caption].compactMap({ $0 }) where summary.contains(where: \.isNewline) {
        FuzzInput.violated("a summary is one line", summary)
    }
    return 0
}
