import FuzzSupport
import TesseraYAML

@testable import TesseraCore

/// `tessera.yaml` as the build reads it: libyaml's events into a document, then every key
/// checked by `SiteConfiguration`. Any input must end in a configuration or a
/// `ConfigurationError`, never a crash, a hang or unbounded memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    do {
        let document = try YAMLDocumentParser().parse(input.text, file: "tessera.yaml")
        _ = try SiteConfiguration(document: document, file: "tessera.yaml")
    } catch {
        _ = error.description
    }
    return 0
}
