/// The CRC-32 of ZIP (and PNG, gzip): polynomial 0xEDB88320, reflected, one table.
struct CRC32: Sendable {
    private static let table: [UInt32] = (0..<256).map { entry in
        var value = UInt32(entry)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// The checksum of everything added so far.
    private(set) var value: UInt32 = 0

    /// Adds `bytes` to the checksum.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var crc = ~value
        for byte in bytes { crc = Self.table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        value = ~crc
    }

    /// The checksum of `bytes`.
    static func of(_ bytes: [UInt8]) -> UInt32 {
        var crc = CRC32()
        bytes.withUnsafeBytes { crc.add($0) }
        return crc.value
    }
}
