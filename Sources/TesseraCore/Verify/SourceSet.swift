/// The URLs of a `srcset` attribute, as HTML splits it: candidates separated by commas, each
/// a URL and optional descriptors (`480w`, `2x`); a comma inside a URL stays part of it
/// unless it ends the URL. Linear.
enum SourceSet {
    static func urls(_ srcset: String) -> [String] {
        var urls: [String] = []
        let scalars = Array(srcset.unicodeScalars)
        var index = 0
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
        }
        while index < scalars.count {
            while index < scalars.count, isSpace(scalars[index]) || scalars[index] == "," { index += 1 }
            guard index < scalars.count else { break }
            let start = index
            while index < scalars.count, !isSpace(scalars[index]) { index += 1 }
            var url = String(String.UnicodeScalarView(scalars[start..<index]))
            if url.hasSuffix(",") {
                while url.hasSuffix(",") { url.removeLast() }
                urls.append(url)
                continue
            }
            urls.append(url)
            // The descriptors, up to the comma that is not inside parentheses.
            var depth = 0
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "(" { depth += 1 }
                if scalar == ")" { depth = max(0, depth - 1) }
                if scalar == ",", depth == 0 { break }
                index += 1
            }
        }
        return urls.filter { !$0.isEmpty }
    }
}
