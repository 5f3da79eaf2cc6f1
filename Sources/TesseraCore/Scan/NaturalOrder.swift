import Foundation

/// The order people expect for file names: `IMG_2` before `IMG_10`, case folded,
/// with a byte-wise tie-break so the order is total and the same on every machine.
enum NaturalOrder {
    /// Whether `a` sorts before `b`.
    static func precedes(_ a: String, _ b: String) -> Bool {
        Key(a) < Key(b)
    }

    /// The names in natural order; each name's sort key is computed once.
    static func sorted(_ names: [String]) -> [String] {
        sorted(names, by: \.self)
    }

    /// Items in the natural order of their names; each name's sort key is computed once.
    static func sorted<Item>(_ items: [Item], by name: (Item) -> String) -> [Item] {
        items.map { item in (item: item, key: Key(name(item))) }
            .sorted { $0.key < $1.key }
            .map(\.item)
    }

    /// A name made ready for comparing: its runs of digits and of other characters (case
    /// folded, canonically composed), then its bytes for the tie-break. Made once per name,
    /// so a sort compares plain arrays (a big folder's sort made the keys' text again on
    /// every comparison).
    struct Key: Comparable {
        var chunks: [Chunk]
        var bytes: [UInt8]

        init(_ name: String) {
            bytes = Array(name.utf8)
            chunks = Self.chunks(of: name, bytes: bytes)
        }

        static func < (a: Key, b: Key) -> Bool {
            if a.chunks != b.chunks { return a.chunks.lexicographicallyPrecedes(b.chunks) }
            return a.bytes.lexicographicallyPrecedes(b.bytes)
        }

        /// A run of ASCII digits, compared by value (then the longer, more zero-padded,
        /// last), before a run of other characters, compared by Unicode scalar values.
        enum Chunk: Comparable {
            case number(significant: [UInt8], length: Int)
            case text([UInt32])

            static func < (l: Chunk, r: Chunk) -> Bool {
                switch (l, r) {
                case (.number(let x, let xLength), .number(let y, let yLength)):
                    if x.count != y.count { return x.count < y.count }
                    if x != y { return x.lexicographicallyPrecedes(y) }
                    return xLength < yLength
                case (.number, .text): return true
                case (.text, .number): return false
                case (.text(let x), .text(let y)): return x.lexicographicallyPrecedes(y)
                }
            }
        }

        private static func chunks(of name: String, bytes: [UInt8]) -> [Chunk] {
            // An ASCII name is its own composed form, and its lower case is ASCII's: its
            // characters are its bytes.
            let scalars: [UInt32]
            if bytes.allSatisfy({ $0 < 0x80 }) {
                scalars = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? UInt32($0 + 0x20) : UInt32($0) }
                return chunks(ofCharacters: scalars.map { [$0] })
            }
            let folded = name.precomposedStringWithCanonicalMapping.lowercased()
            return chunks(ofCharacters: folded.map { Array($0.unicodeScalars.map(\.value)) })
        }

        /// Chunks of characters, each given as its Unicode scalars; a digit is an ASCII
        /// digit standing alone as a character.
        private static func chunks(ofCharacters characters: [[UInt32]]) -> [Chunk] {
            var chunks: [Chunk] = []
            var current: [UInt32] = []
            var inDigits = false
            func close() {
                guard !current.isEmpty else { return }
                if inDigits {
                    let digits = current.map { UInt8($0) }
                    chunks.append(.number(significant: Array(digits.drop { $0 == 0x30 }), length: digits.count))
                } else {
                    chunks.append(.text(current))
                }
                current = []
            }
            for character in characters {
                let isDigit = character.count == 1 && character[0] >= 0x30 && character[0] <= 0x39
                if isDigit != inDigits { close() }
                inDigits = isDigit
                current += character
            }
            close()
            return chunks
        }
    }
}
