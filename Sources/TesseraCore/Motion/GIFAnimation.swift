/// Whether a GIF moves: how many frames (image descriptors) it holds, counted by walking
/// its blocks (GIF89a: header, screen descriptor, colour table, then extensions and images
/// each made of length-prefixed sub-blocks, up to the trailer).
///
/// Only the block structure is followed, nothing is decompressed; counting stops at
/// `limit`. Bytes that stop making sense end the count where it is: a cut or damaged file
/// is as animated as the frames it fully shows.
enum GIFAnimation {
    /// The frames of the GIF `bytes` holds, at most `limit`; 0 when it is no GIF.
    static func frameCount(_ bytes: [UInt8], limit: Int = 2) -> Int {
        guard bytes.count >= 13, bytes.starts(with: Array("GIF8".utf8)) else { return 0 }
        var at = 13
        if bytes[10] & 0x80 != 0 { at += 3 << (Int(bytes[10] & 0x07) + 1) }
        var frames = 0
        /// Skips a run of sub-blocks ending with an empty one; false when the bytes end first.
        func skipSubBlocks() -> Bool {
            while at < bytes.count {
                let length = Int(bytes[at])
                at += 1 + length
                if length == 0 { return true }
            }
            return false
        }
        while at < bytes.count, frames < limit {
            switch bytes[at] {
            case 0x21:  // extension: label, then sub-blocks
                at += 2
                guard skipSubBlocks() else { return frames }
            case 0x2C:  // image: descriptor, local colour table, LZW code size, sub-blocks
                guard at + 10 <= bytes.count else { return frames }
                let packed = bytes[at + 9]
                at += 10
                if packed & 0x80 != 0 { at += 3 << (Int(packed & 0x07) + 1) }
                at += 1
                guard at <= bytes.count, skipSubBlocks() else { return frames }
                frames += 1
            default:  // the trailer (0x3B), or bytes that are no block
                return frames
            }
        }
        return frames
    }
}
