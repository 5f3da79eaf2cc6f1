import FuzzSupport

@testable import TesseraCore

/// A `sigal.conf.py` beside or above the input folder (`SigalSettings`): read for its
/// top-level `name = literal` assignments, never run. Checks that each assignment found
/// names a line of the text, in order, with a name that is an identifier, and that a
/// literal's nesting keeps to the reader's depth limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSigalConf(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: FuzzInput(data, size).bytes, as: UTF8.self)
    let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
    var previous = 0
    for assignment in SigalSettings.assignments(text) {
        if !(assignment.line > previous && assignment.line <= lineCount) {
            FuzzInput.violated("an assignment names a line of the text, in order", "\(assignment.line) of \(lineCount)")
        }
        previous = assignment.line
        if assignment.name.isEmpty || assignment.name.contains("=") {
            FuzzInput.violated("an assignment's name is an identifier", assignment.name)
        }
        if depth(assignment.literal) > 17 {
            FuzzInput.violated("a literal keeps to the depth limit", "\(depth(assignment.literal))")
        }
    }
    return 0
}

private func depth(_ literal: SigalSettings.Literal) -> Int {
    if case .sequence(let items) = literal { return 1 + (items.map(depth).max() ?? 0) }
    return 0
}
