import CIPTCData
import TesseraCore

/// Reads the title and caption from the IPTC-IIM block photo software keeps in a JPEG's
/// Photoshop resources (`APP13`), with libiptcdata.
///
/// Text is UTF-8 when dataset 1:90 says so (`ESC % G`), else Latin-1, as older software
/// wrote it. A damaged block yields what could be read before the damage, often nothing.
///
/// `iptc_data_load` copies the records into the `IptcData` libiptcdata allocates; each
/// dataset is read and released inside `init`, before the data is.
struct IPTCReader {
    /// Object Name (2:05), else Headline (2:105).
    var title: String?
    /// Caption-Abstract (2:120).
    var caption: String?

    /// Reads `resources`, the `APP13` payload starting `Photoshop 3.0\0`.
    init(photoshopResources resources: [UInt8]) {
        guard resources.count <= Int(UInt32.max), let data = iptc_data_new() else { return }
        defer { iptc_data_unref(data) }
        var length: UInt32 = 0
        let offset = Int(
            resources.withUnsafeBufferPointer {
                iptc_jpeg_ps3_find_iptc($0.baseAddress, UInt32($0.count), &length)
            })
        guard offset > 0, offset + Int(length) <= resources.count else { return }
        let records = Self.wellFormedPrefix(of: resources[offset..<offset + Int(length)])
        guard !records.isEmpty else { return }
        // A failure part-way keeps the datasets read before it, which is what we want.
        _ = records.withUnsafeBufferPointer { iptc_data_load(data, $0.baseAddress, UInt32($0.count)) }

        let encoding: EmbeddedText.Encoding = iptc_data_get_encoding(data) == IPTC_ENCODING_UTF8 ? .utf8 : .latin1
        func text(_ tag: IptcTag) -> String? {
            guard let dataset = iptc_data_get_dataset(data, IPTC_RECORD_APP_2, tag) else { return nil }
            defer { iptc_dataset_unref(dataset) }
            guard let bytes = dataset.pointee.data else { return nil }
            return EmbeddedText.text(
                UnsafeBufferPointer(start: bytes, count: Int(dataset.pointee.size)), encoding: encoding)
        }
        title = text(IPTC_TAG_OBJECT_NAME) ?? text(IPTC_TAG_HEADLINE)
        caption = text(IPTC_TAG_CAPTION)
    }

    /// The datasets from the start up to the first one whose length does not fit.
    ///
    /// libiptcdata adds a dataset's header length to its data length in 32 bits: an
    /// "extended" length near 4 GiB wraps round, passes its bounds check, and the copy that
    /// follows reads far past the buffer. Every length is checked here first, in `Int`.
    static func wellFormedPrefix(of records: ArraySlice<UInt8>) -> [UInt8] {
        let b = ByteReader(Array(records))
        var i = 0
        while b[i] == 0x1C, let count = b.be16(i + 3) {
            var header = 5
            var size = count
            if count & 0x8000 != 0 {
                // An extended length: the low 15 bits say how many bytes hold the size.
                let lengthBytes = count & 0x7FFF
                guard lengthBytes <= 4, i + 5 + lengthBytes <= b.count else { break }
                size = (0..<lengthBytes).reduce(0) { $0 << 8 | Int(b[i + 5 + $1]) }
                header += lengthBytes
            }
            guard i + header + size <= b.count else { break }
            i += header + size
        }
        return b.slice(0, i)
    }
}
