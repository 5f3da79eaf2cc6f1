import Foundation

extension ConfigurationFile {
    /// The settings a `sigal.conf.py` in the input folder or beside it (sigal's layout:
    /// the file next to its `source` folder) maps to, with notes saying what was read and
    /// what to write in `tessera.yaml`; nil when there is none. Only used when the input
    /// folder has no `tessera.yaml` and no `--config` is given.
    static func sigal(
        input: URL, documents: any DocumentParsing
    ) -> (configuration: SiteConfiguration, notes: [String])? {
        guard let url = sigalFile(input: input) else { return nil }
        let shown = url.path
        let bytes: [UInt8]
        switch FileSystem.readFile(url.path, limit: TextFile.maxBytes) {
        case .success(let read): bytes = read
        case .failure(let failure):
            return (SiteConfiguration(), ["\(shown): cannot be read: \(failure); its settings are left out"])
        }
        let settings = SigalSettings(reading: TextFile(bytes: bytes).text)
        if let source = foreignSource(of: settings, at: url, input: input) {
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
                let document = try documents.parse(text, file: shown)
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

    /// The `sigal.conf.py` in the input folder, else the one beside it; nil when neither exists.
    private static func sigalFile(input: URL) -> URL? {
        [input.appendingPathComponent(SigalSettings.fileName), sigalBeside(input: input)]
            .first { FileSystem.exists($0.path) }
    }

    /// Where sigal keeps its settings for the input folder as its `source`: beside it (which
    /// `serve` watches, as it watches the input folder, where the other one would be).
    package static func sigalBeside(input: URL) -> URL {
        input.deletingLastPathComponent().appendingPathComponent(SigalSettings.fileName)
    }

    /// The `source` of a `sigal.conf.py` at `url` beside the input folder when it names
    /// another folder of photos (sigal's file for another gallery); nil when the file is
    /// this folder's.
    private static func foreignSource(of settings: SigalSettings, at url: URL, input: URL) -> String? {
        let folder = url.deletingLastPathComponent()
        let photos = input.standardizedFileURL.path
        guard folder.standardizedFileURL.path != photos, let source = settings.source,
            URL(fileURLWithPath: source, relativeTo: folder).standardizedFileURL.path != photos
        else { return nil }
        return source
    }

    /// The one note on a `sigal.conf.py` that `configuration` (a `tessera.yaml`) made
    /// unread, with the lines that carry what maps; nil when there is no such file, or when
    /// it is one beside the input folder made for another `source`.
    static func sigalNotRead(input: URL, configuration: URL) -> String? {
        guard let url = sigalFile(input: input) else { return nil }
        let shown = url.path
        let reason =
            "\(shown): not read, because \(configuration.path) is there (once a tessera.yaml exists, it alone is read)"
        guard case .success(let bytes) = FileSystem.readFile(url.path, limit: TextFile.maxBytes) else { return reason }
        let settings = SigalSettings(reading: TextFile(bytes: bytes).text)
        if foreignSource(of: settings, at: url, input: input) != nil { return nil }
        guard !settings.yaml.isEmpty else { return reason + "; nothing in it maps to a tessera.yaml setting" }
        return reason + "; to carry its " + settings.mapped.map(\.name).joined(separator: ", ")
            + ", write these lines into \(configuration.path): " + settings.yaml.joined(separator: "; ")
    }
}
