import FuzzSupport

@testable import TesseraCore

/// `OUTPUT/.tessera-manifest.json` as the next build loads it: bytes anyone could have
/// written there. It must load or be refused with a `ManifestError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    file.write(FuzzInput(data, size).bytes)
    do {
        let manifest = try Manifest.load(from: file.folder)
        _ = manifest.encoded()
    } catch {
        _ = error
    }
    return 0
}

private let file = ScratchFile(name: Manifest.fileName)
