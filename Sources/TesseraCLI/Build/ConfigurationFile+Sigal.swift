import Foundation
import TesseraCore
import TesseraYAML

extension ConfigurationFile {
    /// The settings a `sigal.conf.py` in the input folder or beside it (sigal's layout:
    /// the file next to its `source` folder) maps to, with notes saying what was read and
    /// what to write in `tessera.yaml`; nil when there is none. Only used when the input
    /// folder has no `tessera.yaml` and no `--config` is given.
    static func sigal(input: URL) -> (configuration: SiteConfiguration, notes: [String])? {
        let candidates = [input, input.deletingLastPathComponent()].map {
            $0.appendingPathComponent(SigalSettings.fileName)
        }
        guard let url = candidates.first(where: { FileSystem.exists($0.path) }) else { return nil }
        let shown = url.path
        guard case .success(let bytes) = FileSystem.readFile(url.path) else {
            return (SiteConfiguration(), ["\(shown): cannot be read; its settings are left out"])
        }
        let settings = SigalSettings(reading: TextFile(bytes: bytes).text)
        let beside = url.deletingLastPathComponent().standardizedFileURL.path != input.standardizedFileURL.path
        if beside, let source = settings.source,
            URL(fileURLWithPath: source, relativeTo: url.deletingLastPathComponent()).standardizedFileURL.path
                != input.standardizedFileURL.path
        {
            return (
                SiteConfiguration(),
                ["\(shown): not read: its source is '\(source)', not \(input.lastPathComponent)"]
            )
        }
        let target = input.appendingPathComponent(name).path
        var notes: [String] = []
        var configuration = SiteConfiguration()
        if !settings.yaml.isEmpty {
            let text = (["version: 1"] + settings.yaml).joined(separator: "\n") + "\n"
            do {
                let document = try YAMLDocumentParser().parse(text, file: shown)
                configuration = try SiteConfiguration(document: document, file: shown)
                notes.append(
                    "\(shown): read for " + settings.mapped.map(\.name).joined(separator: ", ")
                        + " (never run); to make them Tessera's, write these lines into \(target): "
                        + settings.yaml.joined(separator: "; "))
            } catch {
                notes.append(
                    "\(shown): its settings are left out (\(error.description)); write them into \(target) "
                        + "instead")
            }
        }
        for item in settings.unmapped {
            notes.append("\(shown):\(item.line): sigal's '\(item.name)' is not read: \(item.advice)")
        }
        return (configuration, notes)
    }
}
