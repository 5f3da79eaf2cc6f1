import Foundation
import TesseraCore

/// `tessera layout --width W [--row-height H] [--gap G] [FILE|-]`: the layout engine alone.
struct LayoutCommand: Command {
    static let spec = CommandSpec(
        name: "layout", overview: "Lay out photos in justified rows and print the rows as JSON.",
        arguments: [
            .init(name: "file", help: "A JSON array of ratios (width/height) or of {\"width\": w, \"height\": h}; '-' or nothing reads standard input.", isOptional: true)
        ],
        options: [
            .init(long: "width", short: "w", valueName: "PX", help: "Width of the container to fill."),
            .init(long: "row-height", short: nil, valueName: "PX", help: "Target row height.", defaultValue: LayoutOptions().targetRowHeight.optionText),
            .init(long: "gap", short: nil, valueName: "PX", help: "Space between tiles.", defaultValue: LayoutOptions().gap.optionText),
            .init(long: "min-tile-width", short: nil, valueName: "PX", help: "Tiles narrower than this are avoided.", defaultValue: LayoutOptions().minTileWidth.optionText),
            .init(long: "greedy", short: nil, valueName: nil, help: "Break rows greedily, like Flickr's justified-layout (for comparison)."),
            .init(long: "metrics", short: nil, valueName: nil, help: "Print the layout's quality metrics instead of its rows."),
            CommandSpec.helpOption,
        ])

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
        guard arguments.value("width") != nil else { throw UsageError("Missing expected option '--width <px>'.") }
        let defaults = LayoutOptions()
        width = try arguments.number("width", default: 0, in: 1...100_000)
        rowHeight = try arguments.number("row-height", default: defaults.targetRowHeight, in: 1...100_000)
        gap = try arguments.number("gap", default: defaults.gap, in: 0...10_000)
        minTileWidth = try arguments.number("min-tile-width", default: defaults.minTileWidth, in: 0...100_000)
        strategy = arguments.flag("greedy") ? .greedy : .optimal
        metrics = arguments.flag("metrics")
    }

    func run() throws(UsageError) -> CLI.ExitCode {
        let name = source == nil || source == "-" ? "standard input" : source!
        let data: Data
        do {
            data = source == nil || source == "-"
                ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: cli.url(source!))
        } catch {
            cli.console.err("error: cannot read '\(name)': \((error as NSError).localizedDescription)\n")
            return .failure
        }
        let ratios: [Double]
        do {
            ratios = try Self.ratios(from: data)
        } catch {
            cli.console.err("error: \(name): \(error.message)\n")
            return .failure
        }
        let layout = RowBreaker.layout(
            ratios: ratios, containerWidth: width, targetRowHeight: rowHeight, gap: gap,
            minTileWidth: minTileWidth, strategy: strategy)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = metrics
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
                throw InputError(message: "item \(index) is not a positive ratio or {\"width\": w, \"height\": h} with positive sides")
            }
            ratios.append(ratio)
        }
        return ratios
    }
}
