/// What a Matroska or WebM file carries besides pictures and sound: tags (`SimpleTag`
/// names, a location among them), a title and recording date in `Info`, chapters and
/// attachments.
///
/// A walk over the EBML elements of the `Segment` and of the few masters that hold tags,
/// at most `maxDepth` deep; each element's size is checked against its parent. A cluster
/// of unknown size (a live recording) is walked through, not skipped, as its blocks have
/// sizes.
enum MatroskaMetadata {
    static let maxDepth = 8
    static let ebml = 0x1A45_DFA3
    static let segment = 0x1853_8067
    static let info = 0x1549_A966
    static let tags = 0x1254_C367
    static let tag = 0x7373
    static let simpleTag = 0x67C8
    static let tagName = 0x45A3
    static let title = 0x7BA9
    static let dateUTC = 0x4461
    static let chapters = 0x1043_A770
    static let attachments = 0x1941_A469
    static let cluster = 0x1F43_B675
    /// Tags a clean encode still writes: the muxer and encoder, each track's duration.
    static let harmlessTags: Set<String> = ["ENCODER", "DURATION"]

    static func isMatroska(_ view: ByteView) -> Bool { view.u32be(0) == ebml }

    struct Element {
        var id: Int
        /// The content; to the end of the parent when the size is unknown.
        var content: ByteView
        var sizeUnknown: Bool
        /// Offset of the content within the parent.
        var start: Int
    }

    /// The element at `offset`: its ID (marker bits kept, as the specification writes IDs)
    /// and size, each a variable-length integer of at most 4 and 8 bytes.
    static func element(_ view: ByteView, at offset: Int) -> Element? {
        guard let first = view.u8(offset), first != 0 else { return nil }
        let idLength = first.leadingZeroBitCount - (Int.bitWidth - 8) + 1
        guard idLength <= 4, let id = view.uintbe(offset, width: idLength) else { return nil }
        let sizeAt = offset + idLength
        guard let sizeFirst = view.u8(sizeAt), sizeFirst != 0 else { return nil }
        let sizeLength = sizeFirst.leadingZeroBitCount - (Int.bitWidth - 8) + 1
        guard let raw = view.uintbe(sizeAt, width: sizeLength) else { return nil }
        let marker = 1 << (7 * sizeLength)
        let size = raw & (marker - 1)
        let start = sizeAt + sizeLength
        let unknown = size == marker - 1
        if unknown {
            return Element(id: id, content: view.slice(start, view.count - start), sizeUnknown: true, start: start)
        }
        guard size <= view.count - start else { return nil }
        return Element(id: id, content: view.slice(start, size), sizeUnknown: false, start: start)
    }

    /// The elements directly inside `view`; one whose size overruns it ends the list.
    static func children(_ view: ByteView) -> [Element] {
        var found: [Element] = []
        var offset = 0
        while let element = element(view, at: offset) {
            found.append(element)
            // A master of unknown size is walked through: its children come next.
            offset = element.sizeUnknown ? element.start : element.start + element.content.count
        }
        return found
    }

    static func findings(_ view: ByteView) -> [MetadataFinding] {
        var found: [MetadataFinding] = []
        for top in children(view) where top.id == segment {
            var names: [String] = []
            for child in children(top.content) {
                switch child.id {
                case info:
                    for field in children(child.content) {
                        if field.id == title { found.append(MetadataFinding(.text, "Info: a title")) }
                        if field.id == dateUTC {
                            found.append(MetadataFinding(.date, "Info: the recording date (DateUTC)"))
                        }
                    }
                case tags:
                    for entry in children(child.content) where entry.id == tag {
                        collect(children(entry.content), into: &names, depth: 1)
                    }
                case chapters:
                    found.append(MetadataFinding(.text, "chapters (their titles)"))
                case attachments:
                    found.append(MetadataFinding(.text, "attachments (files inside the video)"))
                default:
                    break
                }
            }
            let located = names.filter { name in
                ["LOCATION", "GPS", "ISO6709", "XYZ"].contains { name.uppercased().contains($0) }
            }
            if !located.isEmpty {
                found.append(MetadataFinding(.location, "Tags: \(located.joined(separator: ", "))"))
            }
            let others = names.filter { !located.contains($0) && !harmlessTags.contains($0.uppercased()) }
            if !others.isEmpty { found.append(MetadataFinding(.text, "Tags: \(others.joined(separator: ", "))")) }
        }
        return found
    }

    /// The names of `SimpleTag`s, nested ones too, up to `maxDepth`.
    private static func collect(_ elements: [Element], into names: inout [String], depth: Int) {
        guard depth < maxDepth else { return }
        for element in elements where element.id == simpleTag {
            let fields = children(element.content)
            if let name = fields.first(where: { $0.id == tagName }) {
                let text = name.content.text(0, min(name.content.count, 64))
                if !names.contains(text) { names.append(text) }
            }
            collect(fields, into: &names, depth: depth + 1)
        }
    }
}
