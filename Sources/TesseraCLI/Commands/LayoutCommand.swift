import Foundation
import TesseraCore
import TesseraLayout

/// `tessera layout --width W [--row-height H] [--gap G] [FILE|-]`: the layout engine alone.
struct LayoutCommand: Command {
    // A lab tool: it accepts far wider values than a site's configuration does
    // (`SiteConfiguration.settings`), to explore the engine at extremes: 1 to 100,000 px.
    static let width = Option(
        "width", short: "w", valueName: "PX", help: "Width of the container to fill.", rule: .number(1...100_000))
    static let rowHeight = Option(
        "row-height", valueName: "PX", help: "Target row height.",
        defaultText: LayoutOptions().targetRowHeight.plainText,
        rule: .number(1...100_000))
    static let gap = Option(
        "gap", valueName: "PX", help: "Space between tiles.", defaultText: LayoutOptions().gap.plainText,
        rule: .number(0...10_000))
    static let minTileWidth = Option(
        "min-tile-width", valueName: "PX", help: "Tiles narrower than this are avoided.",
        defaultText: LayoutOptions().minTileWidth.plainText, rule: .number(0...100_000))
    static let greedy = Flag("greedy", help: "Break rows greedily, like Flickr's justified-layout (for comparison).")
    static let metricsFlag = Flag("metrics", help: "Print the layout's quality metrics instead of its rows.")

    static let spec = CommandSpec(
        name: "layout", overview: "Lay out photos in justified rows and print the rows as JSON.",
        arguments: [
            .init(
                name: "file",
                help:
                    "A JSON array of ratios (width/height) or of {\"width\": w, \"height\": h}; '-' or nothing reads standard input.",
                isOptional: true)
        ],
        options: [width.declaration, rowHeight.declaration, gap.declaration, minTileWidth.declaration]
            + [greedy, metricsFlag, CommandSpec.helpOption].map(\.declaration))

    let source: String?
    let width: Double
    let rowHeight: Double
    let gap: Double
    let minTileWidth: Double
    let strategy: LayoutStrategy
    let metrics: Bool
    let cli: CLI

    init(_ arguments: ParsedArguments, cli: CLI) throws(UsageError) {
        self.cli = cli
        source = arguments.positionals.first
        guard let width = try arguments.value(of: Self.width) else {
            throw UsageError("Missing expected option '--width <px>'.")
        }
        self.width = width
        let defaults = LayoutOptions()
        rowHeight = try arguments.value(of: Self.rowHeight) ?? defaults.targetRowHeight
        gap = try arguments.value(of: Self.gap) ?? defaults.gap
        minTileWidth = try arguments.value(of: Self.minTileWidth) ?? defaults.minTileWidth
        strategy = arguments.isSet(Self.greedy) ? .greedy : .optimal
        metrics = arguments.isSet(Self.metricsFlag)
    }

    func run() throws(UsageError) -> CLI.ExitCode {
        let diagnostics = Diagnostics(console: cli.console)
        let name = source == nil || source == "-" ? "standard input" : source!
        let data: Data
        do {
            data =
                source == nil || source == "-"
                ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: cli.url(source!))
        } catch {
            diagnostics.error("cannot read '\(name)': \((error as NSError).localizedDescription)")
            return diagnostics.exitCode
        }
        let ratios: [Double]
        do {
            ratios = try Self.ratios(from: data)
        } catch {
            diagnostics.error("\(name): \(error.message)")
            return diagnostics.exitCode
        }
        let layout = RowBreaker.layout(
            ratios: ratios, containerWidth: width, targetRowHeight: rowHeight, gap: gap,
            minTileWidth: minTileWidth, strategy: strategy)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json =
            metrics
            ? try? encoder.encode(LayoutMetrics(layout: layout, ratios: ratios))
            : try? encoder.encode(layout)
        cli.console.out(String(decoding: json ?? Data(), as: UTF8.self) + "\n")
        return .success
    }

    struct InputError: Error {
        var message: String
    }

    /// Ratios from `[1.5, 0.75]` or `[{"width": 3000, "height": 2000}, …]`.
    static func ratios(from data: Data) throws(InputError) -> [Double] {
        guard let array = (try? JSONSerialization.jsonObject(with: data)) as? [Any] else {
            throw InputError(message: "expected a JSON array of ratios or of {\"width\": w, \"height\": h}")
        }
        var ratios: [Double] = []
        for (index, item) in array.enumerated() {
            var ratio: Double?
            // JSON `true` arrives as an NSNumber too; its type code "c" tells it apart.
            if let number = item as? NSNumber, String(cString: number.objCType) != "c" {
                ratio = number.doubleValue
            } else if let object = item as? [String: Any],
                let w = (object["width"] as? NSNumber)?.doubleValue,
                let h = (object["height"] as? NSNumber)?.doubleValue, h > 0
            {
                ratio = w / h
            }
            guard let ratio, ratio.isFinite, ratio > 0 else {
                throw InputError(
                    message:
                        "item \(index) is not a positive ratio or {\"width\": w, \"height\": h} with positive sides")
            }
            ratios.append(ratio)
        }
        return ratios
    }
}
