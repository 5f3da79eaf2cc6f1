import Foundation

/// Writes a ZIP archive whose entries are stored, not compressed (JPEG and most photo
/// formats do not get smaller), one entry at a time, into a file: its bytes are a function
/// of the entries' names and contents only (every entry dated 1980-01-01, no extra
/// fields), so the same album makes the same archive. Names are UTF-8 (flag bit 11). No
/// ZIP64: an archive stops at 4 GiB and 65 535 entries.
struct StoredZip: ~Copyable {
    /// Why an archive cannot be written.
    enum Failure: Error, Sendable, Equatable {
        /// The file cannot be created or written; the system's reason.
        case cannotWrite(String)
        /// The archive would pass 4 GiB or 65 535 entries, which a ZIP without ZIP64 cannot hold.
        case tooLarge
    }

    private let descriptor: Int32
    private var offset = 0
    private var central: [UInt8] = []
    private var count = 0

    /// The largest offset or size a ZIP without ZIP64 records.
    static let limit = Int(UInt32.max)

    /// Starts an archive at `url`, replacing any file there.
    init(at url: URL) throws(Failure) {
        descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(String(cString: strerror(errno))) }
    }

    deinit { close(descriptor) }

    /// Adds an entry named `name` holding `bytes`.
    mutating func add(_ name: String, _ bytes: [UInt8]) throws(Failure) {
        let nameBytes = Array(name.utf8)
        guard count < 0xFFFF, offset + 30 + nameBytes.count + bytes.count < Self.limit, nameBytes.count < 0xFFFF
        else { throw .tooLarge }
        let crc = CRC32.of(bytes)
        var header: [UInt8] = []
        header.append(le32: ZipRecord.localHeader)
        header.append(le16: 20)  // version needed: 2.0
        header.append(le16: 0x0800)  // names in UTF-8
        header.append(le16: 0)  // stored
        header.append(le16: 0)  // time 00:00
        header.append(le16: 0x21)  // date 1980-01-01
        header.append(le32: crc)
        header.append(le32: UInt32(bytes.count))
        header.append(le32: UInt32(bytes.count))
        header.append(le16: UInt16(nameBytes.count))
        header.append(le16: 0)  // no extra field
        header += nameBytes

        central.append(le32: ZipRecord.centralHeader)
        central.append(le16: 20)  // made by: MS-DOS, 2.0
        central += header[4..<26]
        central.append(le16: UInt16(nameBytes.count))
        central.append(le16: 0)  // extra
        central.append(le16: 0)  // comment
        central.append(le16: 0)  // disk
        central.append(le16: 0)  // internal attributes
        central.append(le32: 0)  // external attributes
        central.append(le32: UInt32(offset))
        central += nameBytes

        try write(header)
        try write(bytes)
        count += 1
    }

    /// Writes the central directory: the archive is complete.
    mutating func finish() throws(Failure) {
        guard offset + central.count < Self.limit else { throw .tooLarge }
        var end: [UInt8] = []
        end.append(le32: ZipRecord.endOfCentralDirectory)
        end.append(le16: 0)  // this disk
        end.append(le16: 0)  // the directory's disk
        end.append(le16: UInt16(count))
        end.append(le16: UInt16(count))
        end.append(le32: UInt32(central.count))
        end.append(le32: UInt32(offset))
        end.append(le16: 0)  // no comment
        let directory = central
        try write(directory)
        try write(end)
    }

    private mutating func write(_ bytes: [UInt8]) throws(Failure) {
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress! + done, buffer.count - done)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw .cannotWrite(String(cString: strerror(errno)))
            }
            done += written
        }
        offset += bytes.count
    }
}

extension [UInt8] {
    fileprivate mutating func append(le16 value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }

    fileprivate mutating func append(le32 value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
}
