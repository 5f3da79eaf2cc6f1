import FuzzSupport
import TesseraLayout
import TesseraYAML

@testable import TesseraCore

/// A theme's `metrics.yaml` (a user's `--templates` folder, a theme from someone else), as
/// the build reads it over the built-in theme's, then put to use as a build puts it: the
/// stylesheet's custom properties, and album layouts of photos from the narrowest to the
/// widest a photo can be (1:2^20 to 2^20:1), under cards, with the layout settings at the
/// ends of their ranges and cut into pages. The metrics must be refused with an error or
/// lead to layouts, never a crash (`viewer_chrome: 1e308` once stopped the build with SIGILL).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzThemeMetrics(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    file.write(FuzzInput(data, size).bytes)
    guard let theme = try? Theme.load(from: file.folder, documents: YAMLDocumentParser()) else { return 0 }
    _ = theme.metrics.customPropertiesRule
    for options in optionSets {
        for pageSize in [nil, 2] as [Int?] {
            let layout = AlbumLayout(
                AlbumLayout.Input(
                    tileRatios: ratios, coverRatios: [1.5, nil, widest, narrowest], options: options,
                    metrics: theme.metrics, pageSize: pageSize))
            if layout.tiles.count != ratios.count {
                FuzzInput.violated("every photo has a tile", "\(layout.tiles.count) of \(ratios.count)")
            }
        }
    }
    return 0
}

private let file = ScratchFile(name: ThemeMetrics.fileName)
private let widest = Double(1 << 20)
private let narrowest = 1 / widest
private let ratios = [1.5, narrowest, widest, 1, 0.75, widest, narrowest, 2.0 / 3]
/// The defaults, and `tessera.yaml`'s layout settings at the ends of their ranges.
private let optionSets = [
    LayoutOptions(),
    LayoutOptions(targetRowHeight: 40, gap: 0, minTileWidth: 0, breakpoints: [100]),
    LayoutOptions(targetRowHeight: 2000, gap: 200, minTileWidth: 1000, breakpoints: [100, 20_000]),
]
