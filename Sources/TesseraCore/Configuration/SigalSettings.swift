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

    /// `tessera.yaml` lines for what maps, in the order written (`title: "…"`); the
    /// settings of one group share a line (`images: {quality: 90, max_megapixels: 50}`).
    var yaml: [String] {
        var lines: [String] = []
        var written: Set<String> = []
        for entry in entries {
            guard let group = entry.group else {
                lines.append("\(entry.key): \(entry.value)")
                continue
            }
            guard written.insert(group).inserted else { continue }
            let members = entries.filter { $0.group == group }.map { "\($0.key): \($0.value)" }
            lines.append("\(group): {" + members.joined(separator: ", ") + "}")
        }
        return lines
    }
    /// Each mapped sigal name with its line.
    var mapped: [(name: String, line: Int)] { entries.flatMap(\.from) }
    /// sigal settings read that have no Tessera equivalent, with what to do instead.
    var unmapped: [(name: String, line: Int, advice: String)] = []
    /// sigal's `source`: the folder of photos the file is for, relative to it.
    var source: String?

    /// One `tessera.yaml` setting and the sigal settings it comes from.
    private struct Entry {
        var group: String?
        var key: String
        /// As YAML: `"Trip"`, `90`, or a flow list (`["*.tmp"]`).
        var value: String
        var from: [(name: String, line: Int)]
    }

    private var entries: [Entry] = []

    /// A Python literal as read.
    enum Literal: Sendable, Hashable {
        case text(String)
        case number(Double)
        case flag(Bool)
        case sequence([Literal])
        /// A dict with text keys (`{'quality': 90}`).
        case table([String: Literal])
        case none

        var text: String? { if case .text(let t) = self { t } else { nil } }
        var number: Double? { if case .number(let n) = self { n } else { nil } }
    }

    private static let ownTemplates = "there is no setting for it; write it into your own templates ('templates:')"
    private static let noTracking = "Tessera adds no tracking; write the script into your own templates ('templates:')"
    private static let noPlugins =
        "sigal plugins do not run; Tessera reads .nomedia lists itself and writes a feed with base_url"
    private static let ownFiles =
        "Tessera names and places its own files (each album's _media/ and _originals/ folders)"
    private static let fitted = "Tessera never crops: each photo keeps its shape, fitted into justified rows"
    private static let oneVideo =
        "Tessera writes each clip as MP4 (H.264 and AAC) in one pass; set its quality with 'videos: {crf: N}'"
    private static let noWatermark = "there is no setting for it; Tessera does not mark photos"
    private static let noMap = "there is no setting for it; Tessera shows no map (it never reads GPS positions)"
    private static let linkedOriginals =
        "Tessera copies each original it offers ('originals:'), never linking to the input folder"

    /// What each sigal setting Tessera does not read says, when a file sets it: sigal's
    /// settings (its `_DEFAULT_CONFIG`) and those of its bundled plugins, so that none is
    /// dropped without a word.
    private static let advice: [String: String] = [
        "img_size": "Tessera makes every photo's sizes for the screens that show it; there is no single size to set",
        "theme": "choose a built-in look with 'theme:' (tessera themes lists them)",
        "galleria_theme": "choose a built-in look with 'theme:' (tessera themes lists them)",
        "colorbox_column_size":
            "Tessera lays photos out in justified rows; set their height with 'layout: {row_height: N}'",
        "plugins": noPlugins, "plugin_paths": noPlugins, "titleregexp": noPlugins, "encrypt_options": noPlugins,
        "links": "there is no setting for it; write the links in the home folder's index.md",
        "copyright": "there is no setting for it; write it in the home folder's index.md",
        "site_logo": ownTemplates, "user_css": ownTemplates,
        "google_analytics": noTracking, "google_tag_manager": noTracking, "piwik": noTracking,
        "watermark": noWatermark, "watermark_position": noWatermark, "watermark_opacity": noWatermark,
        "show_map": noMap, "leaflet_provider": noMap,
        "rss_feed": "set 'base_url:' and Tessera writes feed.xml",
        "atom_feed": "set 'base_url:' and Tessera writes feed.xml",
        "albums_sort_attr": "Tessera sorts albums by 'name', 'date' or 'order' (sigal's 'meta.order')",
        "medias_sort_attr": "Tessera sorts photos by 'name', 'date' or 'order' (sigal's 'meta.order')",
        "use_orig":
            "Tessera always makes each photo's sizes from the original, never enlarged; to publish the files "
            + "themselves, set 'originals: as-is'",
        "orig_link": linkedOriginals, "rel_link": linkedOriginals,
        "copy_exif_data":
            "Tessera never copies EXIF into the images it makes (no camera data or GPS position leaks); "
            + "'originals: as-is' publishes the files with theirs",
        "autorotate_images": "Tessera always turns photos upright as their EXIF orientation says",
        "datetime_format": "dates are written as the language's words file says ('dates: {format: …}'; see Languages)",
        "files_to_copy":
            "Tessera copies no other files; put them into the output folder yourself (a build removes only files it made)",
        "img_format":
            "Tessera writes JPEG, and AVIF or WebP beside it for browsers that take them ('images: {formats: […]}')",
        "img_processor": fitted, "thumb_fit": fitted, "thumb_fit_centering": fitted,
        "make_thumbs": "Tessera always makes thumbnails",
        "thumb_dir": ownFiles, "thumb_prefix": ownFiles, "thumb_suffix": ownFiles, "orig_dir": ownFiles,
        "output_filename": "Tessera's pages are named index.html and PHOTO.html",
        "index_in_url": "Tessera's links always name index.html, so the site also works opened from disk",
        "write_html": "Tessera always writes the pages",
        "video_format": oneVideo, "webm_options": oneVideo, "webm_options_second_pass": oneVideo,
        "mp4_options_second_pass": oneVideo,
        "video_converter": "Tessera runs ffmpeg itself",
        "video_always_convert": "Tessera always makes each clip's web video",
        "thumb_video_delay": "there is no setting for it; Tessera makes each clip's poster itself",
        "img_extensions": "Tessera reads every photo format it knows; leave files out with 'ignore:'",
        "video_extensions": "Tessera reads every video format it knows; leave files out with 'ignore:'",
        "zip_media_format": "Tessera's ZIP holds the originals when 'originals:' offers them, else the display JPEGs",
        "zip_skip_if_exists": "Tessera writes an album's ZIP again only when its photos change",
        "destination": "give the output folder with 'tessera build INPUT -o OUTPUT'",
        "max_processes": "give 'tessera build --jobs N'",
        "adjust_options": "Tessera does not change colour, contrast or sharpness",
    ]

    /// Reads `text`, the contents of a `sigal.conf.py`.
    init(reading text: String) {
        let assignments = Self.assignments(text)
        // As Python runs the file, the last assignment of a name is the one that counts.
        let last = Dictionary(assignments.map { ($0.name, $0.line) }, uniquingKeysWith: max)
        for (name, line, literal) in assignments where last[name] == line {
            switch name {
            case "source":
                source = literal.text
            case "title", "author", "description":
                guard let value = literal.text else {
                    skip(name, line, "\(name):")
                    continue
                }
                add(name, line, key: name, Self.quoted(value))
            case "locale", "html_language":
                // sigal's locale is a POSIX one (`fr_FR`, `fr_FR.UTF-8`); pages want a BCP 47 tag.
                guard let value = literal.text, let tag = Self.languageTag(value) else {
                    skip(name, line, "language:")
                    continue
                }
                add(name, line, key: "language", Self.quoted(tag))
            case "albums_sort_attr", "medias_sort_attr":
                let first: Literal? = if case .sequence(let items) = literal { items.first } else { literal }
                guard let value = first?.text, let key = Self.sortKey(value), !value.hasPrefix("-") else {
                    unmapped.append((name, line, Self.advice[name] ?? ""))
                    continue
                }
                add(name, line, key: name == "albums_sort_attr" ? "album_sort" : "sort", key)
            case "albums_sort_reverse", "medias_sort_reverse":
                let key = name == "albums_sort_reverse" ? "reverse_albums" : "reverse"
                guard case .flag(let on) = literal else {
                    skip(name, line, "\(key):")
                    continue
                }
                add(name, line, key: key, String(on))
            case "thumb_size":
                // sigal's grid thumbnails are this size; Tessera's rows are this tall.
                guard case .sequence(let pair) = literal, pair.count == 2, let height = pair[1].number,
                    (40...2000).contains(height)
                else {
                    skip(name, line, "layout: {row_height: PX}")
                    continue
                }
                add(name, line, group: "layout", key: "row_height", String(Int(height)))
            case "video_size":
                // sigal fits clips into this box; Tessera bounds their longest edge.
                guard case .sequence(let pair) = literal, pair.count == 2, let edge = pair.compactMap(\.number).max(),
                    pair.allSatisfy({ $0.number != nil }), (144...4096).contains(edge)
                else {
                    skip(name, line, "videos: {longest_edge: PX}")
                    continue
                }
                add(name, line, group: "videos", key: "longest_edge", String(Int(edge)))
            case "jpg_options", "webp_options":
                let key = name == "jpg_options" ? "quality" : "webp_quality"
                guard case .table(let options) = literal, let quality = options["quality"]?.number,
                    (1...100).contains(quality)
                else {
                    skip(name, line, "images: {\(key): N}")
                    continue
                }
                add(name, line, group: "images", key: key, String(Int(quality)))
            case "mp4_options":
                // ffmpeg's arguments; Tessera's clips are H.264 too, so only `-crf` carries over.
                guard case .sequence(let items) = literal, let flag = items.firstIndex(of: .text("-crf")),
                    flag + 1 < items.count, let crf = items[flag + 1].text.flatMap(Int.init), (1...51).contains(crf)
                else {
                    skip(name, line, "videos: {crf: N}")
                    continue
                }
                add(name, line, group: "videos", key: "crf", String(crf))
            case "max_img_pixels":
                // Pillow's limit in pixels; rounded up, so that no photo sigal reads is skipped.
                guard let pixels = literal.number, pixels > 0 else {
                    skip(name, line, "images: {max_megapixels: N}")
                    continue
                }
                add(
                    name, line, group: "images", key: "max_megapixels",
                    String(min(10_000, Int((pixels / 1e6).rounded(.up)))))
            case "keep_orig":
                // sigal copies each original file as it is, metadata and all; Tessera offers
                // the same pixels with the metadata left out, so no GPS position goes with them.
                guard case .flag(let on) = literal else {
                    skip(name, line, "originals:")
                    continue
                }
                let policy: OriginalsPolicy = on ? .stripped : .withheld
                add(name, line, key: "originals", policy.rawValue)
            case "zip_gallery":
                // False, or the archive's name: Tessera names its own (`_originals/ALBUM.zip`).
                switch literal {
                case .flag(let on): add(name, line, key: "zip", String(on))
                case .text(let archive): add(name, line, key: "zip", String(!archive.isEmpty))
                default: skip(name, line, "zip:")
                }
            case "ignore_directories", "ignore_files":
                let items: [Literal] = if case .sequence(let items) = literal { items } else { [literal] }
                let patterns = items.compactMap(\.text)
                guard patterns.count == items.count else {
                    skip(name, line, name == "ignore_files" ? "ignore_files:" : "ignore:")
                    continue
                }
                // sigal matches ignore_directories against folders alone and ignore_files
                // against files alone: `ignore: [_*/]` (a trailing `/`: folders only) and
                // `ignore_files:` say the same.
                let key = name == "ignore_files" ? "ignore_files" : "ignore"
                let written = name == "ignore_files" ? patterns : patterns.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
                if !patterns.isEmpty {
                    add(name, line, key: key, "[" + written.map(Self.quoted).joined(separator: ", ") + "]")
                }
            default:
                if let advice = Self.advice[name] { unmapped.append((name, line, advice)) }
            }
        }
    }

    private mutating func add(_ name: String, _ line: Int, group: String? = nil, key: String, _ value: String) {
        if let earlier = entries.first(where: { $0.group == group && $0.key == key }) {
            let shown = group.map { "\($0).\(key)" } ?? key
            let from = earlier.from.map { "'\($0.name)' (line \($0.line))" }.joined(separator: ", ")
            unmapped.append((name, line, "'\(shown):' is already read from \(from); this one is not read"))
            return
        }
        entries.append(Entry(group: group, key: key, value: value, from: [(name, line)]))
    }

    /// A note for a setting whose value Tessera cannot read, naming the `tessera.yaml` key to set.
    private mutating func skip(_ name: String, _ line: Int, _ key: String) {
        unmapped.append((name, line, "its value is not one Tessera reads; set '\(key)' in tessera.yaml"))
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

    /// `fr_FR.UTF-8` → `fr-FR` (sigal's `html_language`, `fr-FR`, as it is); nil for the C locale or a name not shaped like one.
    static func languageTag(_ locale: String) -> String? {
        let base = locale.split(separator: ".").first.map(String.init) ?? ""
        let bare = base.split(separator: "@").first.map(String.init) ?? ""
        let parts = bare.split { $0 == "_" || $0 == "-" }
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
