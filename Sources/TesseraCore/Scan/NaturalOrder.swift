import Foundation

/// The order people expect for file names: `IMG_2` before `IMG_10`, case folded,
/// with a byte-wise tie-break so the order is total and the same on every machine.
public enum NaturalOrder {
    /// Whether `a` sorts before `b`.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        let ka = key(a)
        let kb = key(b)
        if ka != kb { return ka.lexicographicallyPrecedes(kb) }
        return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
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
            case (.text(let x), .text(let y)): return Array(x.unicodeScalars.map(\.value))
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
