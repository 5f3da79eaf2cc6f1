/// The signatures that open a ZIP archive's records (PKWARE's APPNOTE, 4.3): what
/// `StoredZip` writes and `ZipMetadata` reads.
enum ZipRecord {
    /// A local file header, before each entry's data.
    static let localHeader: UInt32 = 0x0403_4B50
    /// An entry of the central directory.
    static let centralHeader: UInt32 = 0x0201_4B50
    /// The end of the central directory, the archive's last record.
    static let endOfCentralDirectory: UInt32 = 0x0605_4B50
}
