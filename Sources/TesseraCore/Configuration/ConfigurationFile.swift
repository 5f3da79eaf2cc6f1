import Foundation

/// The site's `tessera.yaml`: the one given with `--config`, else the one at the input
/// folder's root, else what a `sigal.conf.py` in or beside the input folder says that maps,
/// else none (the defaults).
package enum ConfigurationFile {
    /// The name looked for at the input folder's root (which the scan passes over, and
    /// `tessera init` writes).
    package static let name = "tessera.yaml"

    /// The configuration the file says (defaults for what it leaves out), with a relative
    /// `templates` folder taken from the file's own folder; the defaults when there is no file.
    ///
    /// - Parameters:
    ///   - explicit: the `--config` file; it must exist.
    ///   - input: the input folder, whose `tessera.yaml` is read when there is no `--config`.
    ///   - notes: what was read from a `sigal.conf.py` and what to do about it, or that it
    ///     was not read as the `tessera.yaml` is.
    ///   - documents: reads the YAML (Core reads none itself).
    ///   - checksTemplates: whether a `templates` folder the file names must be there (a
    ///     `--templates` flag that replaces it lifts that).
    package static func load(
        explicit: URL?, input: URL, notes: inout [String], documents: any DocumentParsing,
        checksTemplates: Bool = true
    ) throws(ConfigurationError)
        -> SiteConfiguration
    {
        let url: URL
        if let explicit {
            url = explicit
            guard FileSystem.exists(url.path) else {
                throw ConfigurationError(
                    file: url.path, reason: .malformed("the file does not exist; check the path given to --config"))
            }
        } else {
            url = input.appendingPathComponent(name)
            guard FileSystem.exists(url.path) else {
                // A folder made for sigal: what its settings file says that maps.
                guard let sigal = sigal(input: input, documents: documents) else { return SiteConfiguration() }
                notes += sigal.notes
                return sigal.configuration
            }
        }
        if let note = sigalNotRead(input: input, configuration: url) { notes.append(note) }
        let file = url.path
        let bytes: [UInt8]
        switch FileSystem.readFile(url.path, limit: TextFile.maxBytes) {
        case .success(let read): bytes = read
        case .failure(let failure):
            let permissions = [EACCES, EPERM].map { String(cString: strerror($0)) }.contains(failure.description)
            throw ConfigurationError(
                file: file,
                reason: .malformed(
                    "the file cannot be read: \(failure)" + (permissions ? "; check its permissions" : "")))
        }
        // libyaml refuses control characters itself, with their line.
        let text = TextFile(bytes: bytes, keepsControls: true)
        guard text.repairs.isEmpty else {
            throw ConfigurationError(file: file, reason: .malformed("the file is not UTF-8 text; save it as UTF-8"))
        }
        let document = try documents.parse(text.text, file: file)
        var configuration = try SiteConfiguration(document: document, file: file)
        let written = configuration.templates
        configuration.templates = configuration.templatesFolder(relativeTo: url.deletingLastPathComponent())?.path
        if checksTemplates, let written, let folder = configuration.templates, !FileSystem.isDirectory(folder) {
            // Here, where the file and line are known: the theme's loading names neither.
            let line: Int?
            if case .map(let entries) = document.value {
                line = entries.first { $0.key == "templates" }?.line
            } else {
                line = nil
            }
            let what = FileSystem.exists(folder) ? "a file, not a folder" : "no folder there"
            throw ConfigurationError(
                file: file, line: line, key: "templates",
                reason: .invalidValue(
                    found: "'\(written)' (\(folder): \(what))",
                    expected: "a folder of templates, taken from this file's folder (or leave it out: "
                        + "'theme' names a built-in one)"))
        }
        return configuration
    }

    /// The configuration, without the notes on a `sigal.conf.py`.
    static func load(
        explicit: URL?, input: URL, documents: any DocumentParsing
    ) throws(ConfigurationError) -> SiteConfiguration {
        var notes: [String] = []
        return try load(explicit: explicit, input: input, notes: &notes, documents: documents)
    }
}
