/// The files a stylesheet names: every `url(…)` and `@import "…"`, with its line. Comments
/// and strings are skipped as CSS tokenizes them, so a `url(` inside either is no link.
/// Linear: one pass, every step forward.
enum CSSScanner {
    struct Reference: Sendable, Hashable {
        var url: String
        var line: Int
    }

    static func references(in bytes: UnsafeRawBufferPointer) -> [Reference] {
        var found: [Reference] = []
        var index = 0
        var line = 1
        let count = bytes.count
        func at(_ offset: Int) -> UInt8? { offset < count ? bytes[offset] : nil }
        func isSpace(_ byte: UInt8?) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
        }
        func isNameByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte >= 0x80
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        func step() {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
        /// Reads a quoted string from its opening quote; returns its value, unescaped.
        func string() -> String {
            let quote = bytes[index]
            step()
            var value: [UInt8] = []
            while index < count, bytes[index] != quote, bytes[index] != 0x0A {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < count {
                    step()
                    value += escape()
                } else {
                    value.append(bytes[index])
                    step()
                }
            }
            if index < count, bytes[index] == quote { step() }
            return String(decoding: value, as: UTF8.self)
        }
        /// After a backslash: a hex escape (1–6 digits and one space) or the character itself.
        func escape() -> [UInt8] {
            var digits = 0
            var scalar: UInt32 = 0
            while digits < 6, let byte = at(index), let value = ByteView.hexDigit(byte).map(UInt32.init) {
                scalar = scalar << 4 | value
                digits += 1
                step()
            }
            if digits == 0 {
                guard index < count else { return [] }
                if bytes[index] == 0x0A {
                    step()
                    return []
                }
                let byte = bytes[index]
                step()
                return [byte]
            }
            if isSpace(at(index)) { step() }
            return Array(String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
        }
        func matchesLower(_ offset: Int, _ word: String) -> Bool {
            let letters = Array(word.utf8)
            guard offset + letters.count <= count else { return false }
            return (0..<letters.count).allSatisfy { bytes[offset + $0] | 0x20 == letters[$0] }
        }

        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), at(index + 1) == UInt8(ascii: "*") {
                step()
                step()
                while index < count, !(bytes[index] == UInt8(ascii: "*") && at(index + 1) == UInt8(ascii: "/")) {
                    step()
                }
                if index < count {
                    step()
                    step()
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                _ = string()
            } else if byte == UInt8(ascii: "@"), matchesLower(index + 1, "import") {
                let startLine = line
                for _ in 0..<7 { step() }
                while isSpace(at(index)) { step() }
                if let quote = at(index), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    found.append(Reference(url: string(), line: startLine))
                }
            } else if byte | 0x20 == UInt8(ascii: "u"), matchesLower(index, "url("),
                index == 0 || !isNameByte(bytes[index - 1])
            {
                let startLine = line
                for _ in 0..<4 { step() }
                while isSpace(at(index)) { step() }
                if let quote = at(index), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    found.append(Reference(url: string(), line: startLine))
                } else {
                    var value: [UInt8] = []
                    while index < count, bytes[index] != UInt8(ascii: ")"), !isSpace(bytes[index]) {
                        if bytes[index] == UInt8(ascii: "\\") {
                            step()
                            value += escape()
                        } else {
                            value.append(bytes[index])
                            step()
                        }
                    }
                    found.append(Reference(url: String(decoding: value, as: UTF8.self), line: startLine))
                }
            } else {
                step()
            }
        }
        return found
    }

    /// The bytes entry point, for tests and the fuzz targets.
    static func references(in bytes: [UInt8]) -> [Reference] {
        bytes.withUnsafeBytes { references(in: $0) }
    }

    /// The references of CSS held in a string (a `<style>` element).
    static func references(in text: String) -> [Reference] {
        references(in: Array(text.utf8))
    }
}
