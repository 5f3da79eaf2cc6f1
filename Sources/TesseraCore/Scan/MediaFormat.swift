/// A media file format, recognised by its content, never by its name.
///
/// The one table of formats Tessera knows: each case has one `row` saying its kind, its
/// signature (the bytes it starts with), the file extensions people give it, the name
/// people know it by, and whether Tessera reads it today. The raw values of the readable
/// photo formats are stored in the manifest and mixed into image fingerprints: never
/// change them.
package enum MediaFormat: String, Sendable, Codable, CaseIterable {
    // Photos Tessera reads.
    case jpeg, png, gif, webp, avif, heif, tiff
    // Camera raw files, developed by LibRaw (TesseraImaging's `RawFile`). CR2, DNG, NEF, ARW and PEF are TIFF
    // structures: `sniff` says `.tiff` and `RawSignature` tells them apart.
    case cr2, dng, nef, arw, pef
    /// A TIFF-structured raw from a maker not named here (a first image that only
    /// previews a larger sub-image).
    case tiffRaw = "tiff-raw"
    case orf, rw2, raf, cr3
    // Videos, read through the video port (`VideoProcessing`).
    case mp4, mov, m4v
    case threeGPP = "3gp"
    case mkv, webm, avi, mts

    /// One row of the table.
    struct Row: Sendable {
        var kind: MediaKind
        /// How the content starts; `.none` for formats known by their name only.
        var signature: Signature
        /// Lower-case file extensions, the usual one first.
        var extensions: [String]
        /// The name people know the format by ("JPEG", "Canon CR3").
        var displayName: String
        /// Whether this build publishes such files; the others are reported, never dropped.
        var readable: Bool
    }

    /// The bytes a format's files start with.
    enum Signature: Sendable {
        /// Any of these byte strings at this offset.
        case bytes([[UInt8]], at: Int)
        /// An ISO base media file (`ftyp` at 4) with one of these major brands at 8.
        case isoBrand([String])
        /// A RIFF container (`RIFF` at 0) of this form type at 8.
        case riff(String)
        /// A TIFF structure told apart by `RawSignature`, not by its first bytes.
        case tiffStructure
        /// Known by its name only.
        case none
    }

    /// The table.
    var row: Row {
        switch self {
        case .jpeg: return .photo(.bytes([[0xFF, 0xD8, 0xFF]], at: 0), ["jpg", "jpeg", "jpe", "jfif"], "JPEG")
        case .png:
            return .photo(.bytes([[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]], at: 0), ["png", "apng"], "PNG")
        case .gif: return .photo(.bytes([Array("GIF87a".utf8), Array("GIF89a".utf8)], at: 0), ["gif"], "GIF")
        case .webp: return .photo(.riff("WEBP"), ["webp"], "WebP")
        case .avif: return .photo(.isoBrand(["avif", "avis"]), ["avif"], "AVIF")
        case .heif:
            return .photo(
                .isoBrand(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]), ["heic", "heif"], "HEIF")
        // Classic TIFF, either byte order (BigTIFF, `*` replaced by `+`, is not read).
        case .tiff:
            return .photo(
                .bytes([[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A]], at: 0), ["tif", "tiff"], "TIFF")
        case .cr2: return .raw(.tiffStructure, ["cr2"], "Canon CR2")
        case .dng: return .raw(.tiffStructure, ["dng"], "DNG")
        case .nef: return .raw(.tiffStructure, ["nef"], "Nikon NEF")
        case .arw: return .raw(.tiffStructure, ["arw"], "Sony ARW")
        case .pef: return .raw(.tiffStructure, ["pef"], "Pentax PEF")
        case .tiffRaw: return .raw(.tiffStructure, [], "camera raw (TIFF)")
        case .orf:
            return .raw(
                .bytes([Array("IIRO".utf8), Array("IIRS".utf8), Array("MMOR".utf8)], at: 0), ["orf"], "Olympus ORF")
        case .rw2: return .raw(.bytes([[0x49, 0x49, 0x55, 0x00]], at: 0), ["rw2"], "Panasonic RW2")
        case .raf: return .raw(.bytes([Array("FUJIFILMCCD-RAW".utf8)], at: 0), ["raf"], "Fujifilm RAF")
        case .cr3: return .raw(.isoBrand(["crx "]), ["cr3"], "Canon CR3")
        case .mp4:
            return .video(
                .isoBrand(["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "dash"]), ["mp4"], "MP4")
        case .mov: return .video(.isoBrand(["qt  "]), ["mov", "qt"], "QuickTime (MOV)")
        case .m4v: return .video(.isoBrand(["M4V ", "M4VH", "M4VP"]), ["m4v"], "M4V")
        case .threeGPP:
            return .video(.isoBrand(["3gp4", "3gp5", "3gp6", "3gp7", "3g2a", "3g2b"]), ["3gp", "3g2"], "3GP")
        // Matroska and WebM share the EBML header; only the document type inside differs.
        case .mkv: return .video(.bytes([[0x1A, 0x45, 0xDF, 0xA3]], at: 0), ["mkv"], "Matroska (MKV)")
        case .webm: return .video(.none, ["webm"], "WebM")
        case .avi: return .video(.riff("AVI "), ["avi"], "AVI")
        // A transport stream's sync byte 0x47 repeats every 188 bytes: too far for `sniffLength`.
        // AVCHD's `.MTS`, Blu-ray's `.m2ts`, HDV's `.M2T`, a DVB or camcorder `.ts` (a
        // TypeScript file is no video: `isTypeScript`).
        case .mts: return .video(.none, ["mts", "m2ts", "m2t", "ts"], "MPEG transport stream (MTS)")
        }
    }

    package var kind: MediaKind { row.kind }
    package var displayName: String { row.displayName }
    var isReadable: Bool { row.readable }

    /// The formats this build publishes, in table order.
    static let readable = allCases.filter(\.isReadable)

    /// How many leading bytes `sniff` needs to decide (an `ftyp` box's first dozen
    /// compatible brands).
    static let sniffLength = 64

    /// Recognises a format from the first bytes of a file (its "magic bytes"): the first row
    /// whose signature matches. A TIFF-structured camera raw sniffs as `.tiff`; only
    /// `RawSignature`, reading its directories, tells it apart.
    ///
    /// Returns `nil` for anything that is no format in the table.
    static func sniff<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> MediaFormat? {
        let head = Array(bytes.prefix(sniffLength))
        if let format = allCases.first(where: { $0.row.signature.matches(head) }) { return format }
        // A maker's own major brand (Sony's `XAVC`, Canon's `CAEP`) over standard compatible
        // ones: the first row that lists one of those.
        let compatible = compatibleBrands(head)
        if let format = allCases.first(where: { format in
            guard case .isoBrand(let brands) = format.row.signature else { return false }
            return compatible.contains { brands.contains($0) }
        }) {
            return format
        }
        // A QuickTime movie from before `ftyp` (older cameras): its first atom at 4.
        let atoms = ["moov", "mdat", "wide", "free", "skip", "pnot"].map { Array($0.utf8) }
        return head.count >= 8 && atoms.contains(Array(head[4..<8])) ? .mov : nil
    }

    /// The compatible brands an `ftyp` box at the start of `head` lists (after its major
    /// brand and minor version), as far as the box and `head` go.
    static func compatibleBrands(_ head: [UInt8]) -> [String] {
        guard head.count >= 16, head[4..<8].elementsEqual("ftyp".utf8) else { return [] }
        let size = head[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let end = min(head.count, size)
        return stride(from: 16, to: end - 3, by: 4).map { String(decoding: head[$0..<$0 + 4], as: UTF8.self) }
    }

    /// The readable format known by its name only (an MPEG transport stream's `.mts`) a file
    /// of this name is, when its content matched no signature: its reader decides.
    static func readableByName(_ name: String, head: [UInt8]) -> MediaFormat? {
        let file = name.split(separator: "/").last ?? ""
        guard let dot = file.lastIndex(of: ".") else { return nil }
        let ext = file[file.index(after: dot)...].lowercased()
        if isTypeScript(extension: ext, head: head) { return nil }
        return readable.first { format in
            if case .none = format.row.signature { return format.row.extensions.contains(ext) }
            return false
        }
    }

    /// Whether a file with this extension and these first bytes is TypeScript, not a
    /// transport stream: `.ts` is both, and a stream starts with its sync byte (0x47).
    static func isTypeScript(extension ext: String, head: [UInt8]) -> Bool {
        ext == "ts" && head.first != 0x47
    }

    /// The readable photo format a file of this name is meant to be, judged by its extension.
    static func readable(forExtension ext: String) -> MediaFormat? {
        readable.first { $0.row.extensions.contains(ext) }
    }
}

extension MediaFormat.Row {
    fileprivate static func photo(_ signature: MediaFormat.Signature, _ extensions: [String], _ name: String) -> Self {
        Self(kind: .photo, signature: signature, extensions: extensions, displayName: name, readable: true)
    }

    fileprivate static func raw(_ signature: MediaFormat.Signature, _ extensions: [String], _ name: String) -> Self {
        Self(kind: .raw, signature: signature, extensions: extensions, displayName: name, readable: true)
    }

    fileprivate static func video(_ signature: MediaFormat.Signature, _ extensions: [String], _ name: String) -> Self {
        Self(kind: .video, signature: signature, extensions: extensions, displayName: name, readable: true)
    }
}

extension MediaFormat.Signature {
    /// Whether a file starting with `head` has this signature.
    func matches(_ head: [UInt8]) -> Bool {
        func starts(_ prefix: [UInt8], at offset: Int) -> Bool {
            head.count >= offset + prefix.count && head[offset..<offset + prefix.count].elementsEqual(prefix)
        }
        switch self {
        case .bytes(let alternatives, let offset): return alternatives.contains { starts($0, at: offset) }
        case .isoBrand(let brands):
            return starts(Array("ftyp".utf8), at: 4) && brands.contains { starts(Array($0.utf8), at: 8) }
        case .riff(let form): return starts(Array("RIFF".utf8), at: 0) && starts(Array(form.utf8), at: 8)
        case .tiffStructure, .none: return false
        }
    }
}
