import Glibc

/// One record read from an inotify descriptor.
struct InotifyEvent {
    let watch: Int32
    let mask: UInt32
    /// The name inside the watched folder, or empty when the event is about the folder itself.
    let name: String

    func has(_ flag: Int32) -> Bool { mask & UInt32(bitPattern: flag) != 0 }

    /// Splits a buffer filled by `read` into events (each is a fixed header and a
    /// NUL-padded name).
    static func parse(_ bytes: UnsafeRawBufferPointer) -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= bytes.count {
            let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameBytes = bytes[(offset + header)..<min(offset + header + length, bytes.count)]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            events.append(InotifyEvent(watch: watch, mask: mask, name: name))
            offset += header + length
        }
        return events
    }
}
