import Foundation

/// What a sigal `sigal.conf.py` says that Tessera can use, read without running it: only
/// top-level `name = literal` assignments (strings, numbers, `True`/`False`, tuples and
/// lists of those) are read; anything else is Python Tessera does not execute.
///
/// The mapped settings are written as `tessera.yaml` lines (`yaml`), which the build reads
/// as it would that file, and which the note shows, to paste into `tessera.yaml`.
struct SigalSettings: Sendable {
    /// The file name sigal reads.
    static let fileName = "sigal.conf.py"

    /// `tessera.yaml` lines for what maps, in the order written (`title: "…"`).
    var yaml: [String] = []
    /// Each mapped sigal name with its line.
    var mapped: [(name: String, line: Int)] = []
    /// sigal settings read that have no Tessera equivalent, with what to do instead.
    var unmapped: [(name: String, line: Int, advice: String)] = []
    /// sigal's `source`: the folder of photos the file is for, relative to it.
    var source: String?

    /// A Python literal as read.
    enum Literal: Sendable, Hashable {
        case text(String)
        case number(Double)
        case flag(Bool)
        case sequence([Literal])
        case none

        var text: String? { if case .text(let t) = self { t } else { nil } }
        var number: Double? { if case .number(let n) = self { n } else { nil } }
    }

    /// What sigal settings Tessera has no key for say, when a file sets them.
    private static let advice: [String: String] = [
        "img_size": "Tessera makes every photo's sizes for the screens that show it; there is no single size to set",
        "keep_orig": "there is no setting for it yet",
        "theme": "choose a built-in look with 'theme:' (tessera themes lists them)",
        "plugins": "sigal plugins do not run; Tessera reads .nomedia lists itself and writes a feed with base_url",
        "links": "there is no setting for it",
        "copyright": "there is no setting for it; write it in the home folder's index.md",
        "watermark": "there is no setting for it",
        "show_map": "there is no setting for it",
        "zip_gallery": "there is no setting for it",
        "rss_feed": "set 'base_url:' and Tessera writes feed.xml",
        "atom_feed": "set 'base_url:' and Tessera writes feed.xml",
        "albums_sort_attr": "Tessera sorts albums by 'name', 'date' or 'order' (sigal's 'meta.order')",
        "medias_sort_attr": "Tessera sorts photos by 'name', 'date' or 'order' (sigal's 'meta.order')",
    ]

    /// Names that only say how sigal runs, or that Tessera does anyway: no note.
    private static let quiet: Set<String> = [
        "destination", "thumb_suffix", "thumb_dir", "orig_dir", "thumb_video_delay", "files_to_copy",
        "use_orig", "make_thumbs", "thumb_fit", "jpg_options", "img_processor", "autorotate_images", "index_in_url",
        "write_html", "output_filename", "leaflet_provider", "adjust_options", "watermark_position",
        "watermark_opacity", "titleregexp", "max_img_pixels", "webp_options",
    ]

    /// Reads `text`, the contents of a `sigal.conf.py`.
    init(reading text: String) {
        for (name, line, literal) in Self.assignments(text) {
            switch name {
            case "source":
                source = literal.text
            case "title", "author", "description":
                guard let value = literal.text else {
                    skip(name, line)
                    continue
                }
                add(name, line, "\(name): \(Self.quoted(value))")
            case "locale":
                // sigal's locale is a POSIX one (`fr_FR`, `fr_FR.UTF-8`); pages want a BCP 47 tag.
                guard let value = literal.text, let tag = Self.languageTag(value) else {
                    skip(name, line)
                    continue
                }
                add(name, line, "language: \(Self.quoted(tag))")
            case "albums_sort_attr", "medias_sort_attr":
                let first: Literal? = if case .sequence(let items) = literal { items.first } else { literal }
                guard let value = first?.text, let key = Self.sortKey(value), !value.hasPrefix("-") else {
                    unmapped.append((name, line, Self.advice[name] ?? ""))
                    continue
                }
                add(name, line, (name == "albums_sort_attr" ? "album_sort: " : "sort: ") + key)
            case "albums_sort_reverse", "medias_sort_reverse":
                guard case .flag(let on) = literal else {
                    skip(name, line)
                    continue
                }
                add(name, line, (name == "albums_sort_reverse" ? "reverse_albums: " : "reverse: ") + String(on))
            case "thumb_size":
                // sigal's grid thumbnails are this size; Tessera's rows are this tall.
                guard case .sequence(let pair) = literal, pair.count == 2, let height = pair[1].number,
                    (40...2000).contains(height)
                else {
                    skip(name, line)
                    continue
                }
                add(name, line, "layout: {row_height: \(Int(height))}")
            case "ignore_directories", "ignore_files":
                let items: [Literal] = if case .sequence(let items) = literal { items } else { [literal] }
                let patterns = items.compactMap(\.text)
                guard patterns.count == items.count else {
                    skip(name, line)
                    continue
                }
                if !patterns.isEmpty {
                    add(name, line, "ignore: [" + patterns.map(Self.quoted).joined(separator: ", ") + "]")
                }
            default:
                if Self.quiet.contains(name) { continue }
                if let advice = Self.advice[name] { unmapped.append((name, line, advice)) }
            }
        }
        // Two ignore lists make one setting.
        let ignores = yaml.enumerated().filter { $0.element.hasPrefix("ignore: [") }
        if ignores.count > 1 {
            let merged = ignores.map { String($0.element.dropFirst("ignore: [".count).dropLast()) }
            yaml.removeAll { $0.hasPrefix("ignore: [") }
            yaml.append("ignore: [" + merged.joined(separator: ", ") + "]")
        }
    }

    private mutating func add(_ name: String, _ line: Int, _ yamlLine: String) {
        mapped.append((name, line))
        yaml.append(yamlLine)
    }

    private mutating func skip(_ name: String, _ line: Int) {
        unmapped.append((name, line, "its value is not one Tessera reads; set the matching key in tessera.yaml"))
    }

    /// Tessera's sort key for sigal's `albums_sort_attr`/`medias_sort_attr` value.
    static func sortKey(_ sigal: String) -> String? {
        switch sigal.trimmingCharacters(in: .whitespaces).lowercased() {
        case "filename", "name": "name"
        case "date": "date"
        case "meta.order": "order"
        default: nil
        }
    }

    /// `fr_FR.UTF-8` → `fr-FR`; nil for the C locale or a name not shaped like one.
    static func languageTag(_ locale: String) -> String? {
        let base = locale.split(separator: ".").first.map(String.init) ?? ""
        let bare = base.split(separator: "@").first.map(String.init) ?? ""
        let parts = bare.split(separator: "_")
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy(\.isLetter),
            parts.count <= 2
        else { return nil }
        return ([language.lowercased()] + parts.dropFirst().map { $0.uppercased() }).joined(separator: "-")
    }

    /// `text` as a YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
