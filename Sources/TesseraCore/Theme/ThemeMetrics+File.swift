import TesseraTemplate

extension ThemeMetrics {
    /// The metrics' file name in a theme folder.
    static let fileName = "metrics.yaml"

    /// The keys of `metrics.yaml`: each section's keys, and the keys at the top with a
    /// value of their own (a number or a list) under the empty section name.
    static let keys: [String: [String]] = [
        "": ["content_max_width", "viewer_chrome", "header_height", "common_screens", "sizes_steps"],
        "page_padding": ["share", "minimum", "maximum"],
        "cards": [
            "narrow_width", "narrow_cover", "narrow_row_gap", "narrow_column_gap", "wide_cover", "wide_gap",
            "margin_top", "margin_bottom", "text_height",
        ],
        "eager": ["window", "card_row_height", "cards"],
    ]

    /// One layer of a theme's metrics: a `metrics.yaml` already parsed, and its file as
    /// messages name it.
    struct Layer {
        var document: ConfigurationDocument
        var file: String
    }

    /// The metrics the layers give, each later layer's keys over the earlier ones' (a
    /// templates folder's file over the built-in theme's), so a file may list only what it
    /// changes.
    ///
    /// - Throws: `ConfigurationError` naming the file, line and key of an unknown key (with
    ///   the nearest real one), a value of the wrong type or out of range, or a key no layer
    ///   gives a value.
    init(_ layers: [Layer]) throws(ConfigurationError) {
        var values: [String: (node: ConfigurationDocument, file: String)] = [:]
        for layer in layers {
            for (key, node) in try Self.leaves(of: layer.document, file: layer.file) {
                values[key] = (node, layer.file)
            }
        }
        let reader = Reader(values: values, missingFile: layers.last?.file ?? Self.fileName)
        pagePadding = PagePadding(
            share: try reader.number("page_padding.share", most: 1), minimum: try reader.number("page_padding.minimum"),
            maximum: try reader.number("page_padding.maximum"))
        contentMaxWidth = try reader.widthOrNone("content_max_width")
        cards = Cards(
            narrowWidth: try reader.number("cards.narrow_width"), narrowCover: try reader.number("cards.narrow_cover"),
            narrowRowGap: try reader.number("cards.narrow_row_gap"),
            narrowColumnGap: try reader.number("cards.narrow_column_gap"),
            wideCover: try reader.number("cards.wide_cover"), wideGap: try reader.number("cards.wide_gap"),
            marginTop: try reader.number("cards.margin_top"), marginBottom: try reader.number("cards.margin_bottom"),
            textHeight: try reader.number("cards.text_height"))
        viewerChrome = try reader.number("viewer_chrome")
        headerHeight = try reader.number("header_height")
        commonScreens = try reader.screens("common_screens")
        sizesSteps = try reader.ascendingWidths("sizes_steps")
        eager = Eager(
            window: try reader.number("eager.window"), cardRowHeight: try reader.number("eager.card_row_height"),
            cards: try reader.wholeNumber("eager.cards"))
        if pagePadding.minimum > pagePadding.maximum, let padding = values["page_padding.minimum"] {
            throw ConfigurationError(
                file: padding.file, line: padding.node.line, key: "page_padding.minimum",
                reason: .invalidValue(
                    found: pagePadding.minimum.plainText,
                    expected: "at most page_padding.maximum (\(pagePadding.maximum.plainText))"))
        }
    }

    /// Every value of a `metrics.yaml` by its dotted key (`cards.wide_gap`), each key checked.
    private static func leaves(
        of document: ConfigurationDocument, file: String
    ) throws(ConfigurationError) -> [(String, ConfigurationDocument)] {
        guard case .map(let entries) = document.value else {
            if case .null = document.value { return [] }
            throw ConfigurationError(
                file: file, line: document.line, reason: .invalidValue(found: document.summary, expected: "a map"))
        }
        let top = (keys[""] ?? []) + keys.keys.filter { !$0.isEmpty }
        var found: [(String, ConfigurationDocument)] = []
        for entry in entries {
            if let section = keys[entry.key], !entry.key.isEmpty {
                guard case .map(let inner) = entry.value.value else {
                    throw ConfigurationError(
                        file: file, line: entry.line ?? entry.value.line, key: entry.key,
                        reason: .invalidValue(
                            found: entry.value.summary, expected: "a map of \(section.joined(separator: ", "))"))
                }
                for item in inner {
                    let key = entry.key + "." + item.key
                    guard section.contains(item.key) else { throw unknown(item, key: key, among: section, file: file) }
                    found.append((key, item.value.with(line: item.line)))
                }
            } else if top.contains(entry.key) {
                found.append((entry.key, entry.value.with(line: entry.line)))
            } else {
                throw unknown(entry, key: entry.key, among: top.sorted(), file: file)
            }
        }
        return found
    }

    private static func unknown(
        _ entry: ConfigurationDocument.Entry, key: String, among known: [String], file: String
    ) -> ConfigurationError {
        ConfigurationError(
            file: file, line: entry.line, key: key,
            reason: .unknownKey(suggestion: NearMiss.nearest(to: entry.key, among: known), known: known))
    }

    /// Reads the values by key, each with its file and line for a message.
    private struct Reader {
        var values: [String: (node: ConfigurationDocument, file: String)]
        /// The file a missing key is reported in.
        var missingFile: String

        private func node(
            _ key: String, expected: String
        ) throws(ConfigurationError) -> (
            node: ConfigurationDocument, file: String
        ) {
            guard let value = values[key] else {
                throw ConfigurationError(
                    file: missingFile, key: key, reason: .invalidValue(found: "missing", expected: expected))
            }
            return value
        }

        /// The largest length a metric may give, in CSS px (or rem): far beyond any screen,
        /// and small enough that the layout's arithmetic on it stays exact. A theme once
        /// gave `viewer_chrome: 1e308` and the build stopped with SIGILL converting it.
        static let longest = 100_000.0

        private func number(of node: ConfigurationDocument, most: Double = longest) -> Double? {
            if case .number(let number) = node.value, number.isFinite, number >= 0, number <= most { return number }
            return nil
        }

        /// `most`: 1 for a share of the screen, else `longest`.
        func number(_ key: String, most: Double = longest) throws(ConfigurationError) -> Double {
            let expected = "a number from 0 to \(most.plainText)"
            let value = try node(key, expected: expected)
            guard let number = number(of: value.node, most: most) else {
                throw invalid(value, key: key, expected: expected)
            }
            return number
        }

        func wholeNumber(_ key: String) throws(ConfigurationError) -> Int {
            let expected = "a whole number from 0 to \(Self.longest.plainText)"
            let value = try node(key, expected: expected)
            guard let number = number(of: value.node), number.rounded() == number else {
                throw invalid(value, key: key, expected: expected)
            }
            return Int(number)
        }

        /// A width from 1 px, or `none` (nil): CSS's `max-width: none`.
        func widthOrNone(_ key: String) throws(ConfigurationError) -> Double? {
            let expected = "a width from 1 to \(Self.longest.plainText), or none"
            let value = try node(key, expected: expected)
            if case .text("none") = value.node.value { return nil }
            guard let number = number(of: value.node), number >= 1 else {
                throw invalid(value, key: key, expected: expected)
            }
            return number
        }

        /// Screen widths each wider than the one before, at least one: `sizes` is a list of
        /// media conditions of which the first that holds wins, so an empty list gave a
        /// `sizes` beginning with a comma, and a descending one made a phone load the
        /// widest step's image.
        func ascendingWidths(_ key: String) throws(ConfigurationError) -> [Double] {
            let expected =
                "a list of at least one width from 1 to \(Self.longest.plainText), each wider than the one before"
            let value = try node(key, expected: expected)
            guard case .list(let items) = value.node.value else { throw invalid(value, key: key, expected: expected) }
            guard !items.isEmpty else {
                throw ConfigurationError(
                    file: value.file, line: value.node.line, key: key,
                    reason: .invalidValue(found: "an empty list", expected: expected))
            }
            var numbers: [Double] = []
            for item in items {
                guard let number = number(of: item), number >= 1, number > (numbers.last ?? 0) else {
                    throw invalid((item, value.file), key: key, expected: expected)
                }
                numbers.append(number)
            }
            return numbers
        }

        func screens(_ key: String) throws(ConfigurationError) -> [Screen] {
            let expected =
                "a list of at least one screen, each a map of width and height (numbers from 1 to "
                + "\(Self.longest.plainText))"
            let value = try node(key, expected: expected)
            guard case .list(let items) = value.node.value else { throw invalid(value, key: key, expected: expected) }
            // Without a screen, no image would load eagerly or be fetched first.
            guard !items.isEmpty else {
                throw ConfigurationError(
                    file: value.file, line: value.node.line, key: key,
                    reason: .invalidValue(found: "an empty list", expected: expected))
            }
            var screens: [Screen] = []
            for item in items {
                guard case .map(let entries) = item.value else {
                    throw invalid((item, value.file), key: key, expected: expected)
                }
                screens.append(try screen(entries, in: (item, value.file), key: key, expected: expected))
            }
            return screens
        }

        /// One screen of `common_screens`: a misspelt or missing side is named as such, not
        /// reported as "not a map".
        private func screen(
            _ entries: [ConfigurationDocument.Entry], in item: (node: ConfigurationDocument, file: String),
            key: String, expected: String
        ) throws(ConfigurationError) -> Screen {
            let sides = ["width", "height"]
            var found: [String: Double] = [:]
            for entry in entries {
                guard sides.contains(entry.key) else {
                    throw ConfigurationError(
                        file: item.file, line: entry.line ?? item.node.line, key: "\(key).\(entry.key)",
                        reason: .unknownKey(suggestion: NearMiss.nearest(to: entry.key, among: sides), known: sides))
                }
                let side = "a number from 1 to \(Self.longest.plainText)"
                guard let number = number(of: entry.value), number >= 1 else {
                    throw invalid(
                        (entry.value.with(line: entry.line ?? item.node.line), item.file), key: "\(key).\(entry.key)",
                        expected: side)
                }
                found[entry.key] = number
            }
            guard let width = found["width"], let height = found["height"] else {
                let missing = sides.filter { found[$0] == nil }.joined(separator: " and ")
                throw ConfigurationError(
                    file: item.file, line: item.node.line, key: key,
                    reason: .invalidValue(found: "a map without \(missing)", expected: expected))
            }
            return Screen(width: width, height: height)
        }

        private func invalid(
            _ value: (node: ConfigurationDocument, file: String), key: String, expected: String
        ) -> ConfigurationError {
            ConfigurationError(
                file: value.file, line: value.node.line, key: key,
                reason: .invalidValue(found: value.node.summary, expected: expected))
        }
    }
}

extension ConfigurationDocument {
    /// The node with the line of its key, when the node has none of its own.
    fileprivate func with(line keyLine: Int?) -> ConfigurationDocument {
        ConfigurationDocument(value, line: line ?? keyLine)
    }
}
