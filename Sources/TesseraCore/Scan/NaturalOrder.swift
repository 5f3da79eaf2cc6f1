import Foundation

/// The order people expect for file names: `IMG_2` before `IMG_10`, case folded,
/// with a byte-wise tie-break so the order is total and the same on every machine.
enum NaturalOrder {
    /// Whether `a` sorts before `b`.
    static func precedes(_ a: String, _ b: String) -> Bool {
        precedes((key(a), Array(a.utf8)), (key(b), Array(b.utf8)))
    }

    /// The names in natural order; each name's sort key is computed once.
    static func sorted(_ names: [String]) -> [String] {
        sorted(names, by: \.self)
    }

    /// Items in the natural order of their names; each name's sort key is computed once.
    static func sorted<Item>(_ items: [Item], by name: (Item) -> String) -> [Item] {
        items.map { item in
            let text = name(item)
            return (item: item, key: (key(text), Array(text.utf8)))
        }
        .sorted { precedes($0.key, $1.key) }
        .map(\.item)
    }

    private static func precedes(_ a: ([Chunk], [UInt8]), _ b: ([Chunk], [UInt8])) -> Bool {
        if a.0 != b.0 { return a.0.lexicographicallyPrecedes(b.0) }
        return a.1.lexicographicallyPrecedes(b.1)
    }

    private enum Chunk: Comparable {
        case number(digits: String)
        case text(String)

        static func < (l: Chunk, r: Chunk) -> Bool {
            switch (l, r) {
            case (.number(let x), .number(let y)):
                let tx = x.drop { $0 == "0" }
                let ty = y.drop { $0 == "0" }
                if tx.count != ty.count { return tx.count < ty.count }
                if tx != ty { return tx < ty }
                return x.count < y.count
            case (.number, .text): return true
            case (.text, .number): return false
            case (.text(let x), .text(let y)):
                return Array(x.unicodeScalars.map(\.value))
                    .lexicographicallyPrecedes(Array(y.unicodeScalars.map(\.value)))
            }
        }
    }

    private static func key(_ s: String) -> [Chunk] {
        var chunks: [Chunk] = []
        var current = ""
        var inDigits = false
        for ch in s.precomposedStringWithCanonicalMapping.lowercased() {
            let isDigit = ch.isASCII && ch.isNumber
            if !current.isEmpty && isDigit != inDigits {
                chunks.append(inDigits ? .number(digits: current) : .text(current))
                current = ""
            }
            inDigits = isDigit
            current.append(ch)
        }
        if !current.isEmpty { chunks.append(inDigits ? .number(digits: current) : .text(current)) }
        return chunks
    }
}
