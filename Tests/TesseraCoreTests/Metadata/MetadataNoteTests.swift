import TesseraMarkdown
import TesseraYAML
import XCTest

@testable import TesseraCore

/// `index.md` and sidecars: both header forms read alike, the body is the description, and
/// a mistake is a warning with its line while the rest is kept.
final class MetadataNoteTests: XCTestCase {
    private func note(_ text: String, file: String = "Travels/index.md") -> MetadataNote {
        MetadataNote.parse(text, file: file, documents: YAMLDocumentParser())
    }

    private func album(_ text: String, allowHTML: Bool = false) -> AlbumMetadata {
        AlbumMetadata(note(text), file: "Travels/index.md", markdown: CommonMarkRenderer(), allowHTML: allowHTML)
    }

    func testSigalHeaderAndFrontMatterReadAlike() {
        let sigal = album("Title: Summer in Porto\nThumbnail: bridge.jpg\nSort: date\nAuthor: Ana\n\nA *long* walk.\n")
        let hugo = album(
            "---\ntitle: Summer in Porto\ncover: bridge.jpg\nsort: date\nAuthor: Ana\n---\nA *long* walk.\n")
        for metadata in [sigal, hugo] {
            XCTAssertEqual(metadata.title, "Summer in Porto")
            XCTAssertEqual(metadata.cover, "bridge.jpg", "sigal's Thumbnail is the cover")
            XCTAssertEqual(metadata.sort, .date)
            XCTAssertEqual(
                metadata.extra, [ExtraField(key: "Author", value: "Ana")], "unknown keys are kept for templates")
            XCTAssertEqual(metadata.descriptionHTML, "<p>A <em>long</em> walk.</p>\n")
            XCTAssertEqual(metadata.summary, "A long walk.")
            XCTAssertEqual(metadata.warnings, [])
        }
        XCTAssertEqual(sigal.coverLine, 2)
        XCTAssertEqual(hugo.coverLine, 3)
    }

    /// `title: 2024.10` (an October album) showed as "2024.1", `007` as "7", `0x1F` as
    /// "31": a field is the words its file writes, in a list too.
    func testAFieldThatLooksLikeANumberIsKeptAsWritten() {
        for written in ["2024.10", "007", "0x1F", "1e3", "-0", "true"] {
            let metadata = album("---\ntitle: \(written)\norder: [\(written).jpg, \(written)]\n---\n")
            XCTAssertEqual(metadata.title, written)
            XCTAssertEqual(metadata.order, ["\(written).jpg", written])
            XCTAssertEqual(metadata.warnings, [])
        }
    }

    /// `hiden: true` kept a private album on the home page, in the sitemap and the feed, with
    /// no word even under `--strict`: a key one edit from one Tessera reads is a warning
    /// naming the key meant; a field of the user's own (`name`, `place`) passes quietly.
    func testAKeyThatIsATypoOfAKnownOneIsAWarningNamingIt() {
        let metadata = album("---\nhiden: true\ncovr: a.jpg\nrevrese: true\nname: Ana\nplace: Porto\n---\n")
        XCTAssertFalse(metadata.hidden)
        XCTAssertEqual(metadata.extra.map(\.key), ["hiden", "covr", "revrese", "name", "place"])
        XCTAssertEqual(metadata.warnings.map(\.line), [2, 3, 4])
        XCTAssertEqual(
            metadata.warnings.first?.message,
            "'hiden' is not a key Tessera reads; did you mean 'hidden'? (as written it only reaches templates, as an extra field)"
        )
        XCTAssertTrue(metadata.warnings[1].message.contains("did you mean 'cover'?"))
        XCTAssertTrue(metadata.warnings[2].message.contains("did you mean 'reverse'?"))
        // Words of the user's own, each a key near one Tessera reads, pass quietly: they are
        // fields for templates, and a warning would fail a --strict build.
        let ownWords = ["tip", "data", "rate", "over", "folder", "border", "release", "ridden", "bidden", "lover"]
        let own = album("---\n" + ownWords.map { "\($0): x\n" }.joined() + "---\n")
        XCTAssertEqual(own.warnings, [], "\(own.warnings)")
        XCTAssertEqual(own.extra.count, ownWords.count)
        let sidecar = PhotoSidecar(
            note("Titel: Dunes\nHiddden: yes\n", file: "Travels/Dunes.md"), file: "Travels/Dunes.md",
            markdown: CommonMarkRenderer(), allowHTML: false)
        XCTAssertEqual(sidecar.warnings.map(\.line), [1, 2])
        XCTAssertTrue(sidecar.warnings[1].message.contains("did you mean 'hidden'?"), "\(sidecar.warnings)")
    }

    /// `date: 2019/04/01` ordered its album after May's and `April 2019` lost the feed's
    /// `<published>`, without a word: a date in any year-first form is read as photos'
    /// dates are written, and any other form is a warning, the earliest photo's date standing.
    func testAnAlbumsDateIsReadInYearFirstFormsAndAnyOtherIsAWarning() {
        let read = [
            "2019-04-01": "2019-04-01", "2019/4/1": "2019-04-01", "2019.04.01": "2019-04-01",
            "2019:04:01 10:00:00": "2019-04-01 10:00:00", "2019-04-01 12:00": "2019-04-01 12:00:00",
            "2019-04-01T12:00:00+02:00": "2019-04-01 12:00:00", "2019-04-01T12:00:00.250Z": "2019-04-01 12:00:00",
            "2019-04-01 09:05:07-05:00": "2019-04-01 09:05:07", " 2020-02-29 ": "2020-02-29",
            "2019-04-01 12:00 +0530": "2019-04-01 12:00:00", "2019-04-01T12:00+09": "2019-04-01 12:00:00",
        ]
        for (written, date) in read {
            let metadata = album("---\ndate: \(written)\n---\n")
            XCTAssertEqual(metadata.date, date, written)
            XCTAssertEqual(metadata.warnings, [], written)
        }
        for written in [
            "April 2019", "01.04.2019", "2019-13-01", "2019-02-30", "2019-04-01 25:00", "2019-04", "19-04-01",
            // Junk or an offset no clock has after the time made the rest of it read as a date.
            "2019-04-01T12:00:00+02:00junk", "2019-04-01T12:00:00+99:00", "2019-04-01 12:00 Zulu",
            "2019-04-01 12:00 -05:75",
        ] {
            let metadata = album("---\ntitle: T\ndate: \(written)\n---\n")
            XCTAssertNil(metadata.date, written)
            XCTAssertEqual(metadata.warnings.map(\.line), [3], written)
            XCTAssertTrue(metadata.warnings.first?.message.contains("write the year first") == true, written)
        }
        XCTAssertEqual(
            AtomFeed.atomDate(exif: album("Date: 2019/04/01 12:00\n").date ?? ""), "2019-04-01T12:00:00Z",
            "the feed reads the date as the order does")
    }

    /// A front matter's YAML error named the file's line in front ("index.md:4") but its own
    /// lines inside counted from the front matter, one short ("started on line 2").
    func testAFrontMattersYAMLErrorCountsTheFilesLines() {
        let metadata = note("---\ntitle: ok\ncover: [a.jpg\nsort: date\n---\nbody\n")
        XCTAssertEqual(metadata.warnings.map(\.line), [4])
        XCTAssertTrue(
            metadata.warnings.first?.message.contains(
                "flow sequence started on line 3, did not find expected ',' or ']' on line 4") == true,
            "\(metadata.warnings)")
        XCTAssertEqual(note("---\ntitle: ok\ncover: a.jpg\n---\n").fields.map(\.line), [2, 3])
    }

    func testATextWithoutHeaderIsAllDescription() {
        let metadata = album("Just a few words about the trip.\nOn two lines.\n")
        XCTAssertNil(metadata.title)
        XCTAssertEqual(metadata.summary, "Just a few words about the trip. On two lines.")
    }

    func testListsInBothForms() {
        XCTAssertEqual(album("Order: c.jpg, a.jpg\n").order, ["c.jpg", "a.jpg"])
        XCTAssertEqual(album("---\norder:\n  - c.jpg\n  - a.jpg\n---\n").order, ["c.jpg", "a.jpg"])
    }

    /// sigal reads its header with Python-Markdown's meta extension, where a value goes on
    /// over lines indented by four spaces; such a title ended the header with a warning, lost
    /// the Date and Thumbnail below it and showed them as the description. The lines are one
    /// value, joined with a space; two spaces are not an indent there, so not here either.
    func testASigalHeaderValueGoesOnOverLinesIndentedByFourSpaces() {
        let metadata = album(
            "Title: Summer in Porto,\n    the long version\nDate: 2020-05-01\nThumbnail: a.jpg\n\nA week by the river.\n"
        )
        XCTAssertEqual(metadata.title, "Summer in Porto, the long version")
        XCTAssertEqual(metadata.date, "2020-05-01")
        XCTAssertEqual(metadata.cover, "a.jpg")
        XCTAssertEqual(metadata.coverLine, 4)
        XCTAssertEqual(metadata.summary, "A week by the river.")
        XCTAssertEqual(metadata.warnings, [])
        XCTAssertEqual(album("Order:\n      c.jpg,\n    a.jpg\n").order, ["c.jpg", "a.jpg"])
        let short = album("Title: Summer\n  the long version\n\nText.\n")
        XCTAssertEqual(short.title, "Summer")
        XCTAssertEqual(short.warnings.map(\.line), [2])
        XCTAssertEqual(album("    Title: indented\n").title, nil, "an indented first line is text, not a header")
    }

    func testMistakesAreWarningsWithTheLineAndTheRestIsKept() {
        let header = album("Title: Porto\nthis is not a field\n\nBody.")
        XCTAssertEqual(header.title, "Porto")
        XCTAssertEqual(header.warnings.map(\.line), [2])
        XCTAssertTrue(header.warnings[0].message.contains("not 'Key: value'"), header.warnings[0].message)

        let values = album("Title: Porto\nSort: size\nHidden: maybe\n")
        XCTAssertNil(values.sort)
        XCTAssertFalse(values.hidden)
        XCTAssertEqual(
            values.warnings.map(\.description),
            [
                "Travels/index.md:2: sort 'size' is not one Tessera knows; write 'name', 'date' or 'order' (sigal's 'meta.order' and a leading '-' order the sub-albums)",
                "Travels/index.md:3: 'Hidden' must be true or false, not 'maybe'; it is ignored",
            ])

        let yaml = album("---\ntitle: Porto\norder: [a.jpg\n---\nBody.")
        XCTAssertEqual(yaml.descriptionHTML, "<p>Body.</p>\n", "the body survives a broken front matter")
        XCTAssertEqual(yaml.warnings.count, 1)
        XCTAssertTrue(
            yaml.warnings[0].message.hasPrefix("the front matter is not valid YAML"), yaml.warnings[0].message)
        XCTAssertNotNil(yaml.warnings[0].line)

        let open = album("---\ntitle: Porto\n")
        XCTAssertEqual(open.warnings.map(\.line), [1])
        XCTAssertTrue(open.warnings[0].message.contains("never closed"))
    }

    /// Keys are read whatever their case, so `hidden: false` then `Hidden: true` is one key
    /// twice: the first was read and the album stayed listed, with nothing said (YAML
    /// refuses only a key spelt the same twice; sigal's header refused nothing).
    func testAKeyWrittenTwiceInAnyCaseIsAWarningNamingBothLines() {
        for text in [
            "---\nhidden: false\nHidden: true\n---\nBody.", "hidden: false\nHidden: true\n\nBody.",
            "Hidden: false\nHidden: true\n",
        ] {
            let metadata = album(text)
            XCTAssertFalse(metadata.hidden, "the first is read: \(text)")
            let line = text.hasPrefix("---") ? 3 : 2
            XCTAssertEqual(
                metadata.warnings.map(\.description),
                [
                    text.contains("Hidden: false")
                        ? "Travels/index.md:\(line): 'Hidden' is written again here ('Hidden' on line \(line - 1)), so this one is not read; keep one"
                        : "Travels/index.md:\(line): 'Hidden' is written again here ('hidden' on line \(line - 1); keys are read whatever their case), so this one is not read; keep one"
                ], text)
        }
        XCTAssertEqual(album("Title: A\nCover: b.jpg\n").warnings, [])
        // A key Tessera does not read, given to templates: the first, as for every key.
        XCTAssertEqual(
            album("Location: Porto\nlocation: Lisbon\n").extra, [ExtraField(key: "Location", value: "Porto")])
    }

    /// A front matter's YAML with a key spelt the same twice was refused whole, so every key
    /// was dropped, `hidden: true` too, and the album was listed on the home page: now the
    /// first is read, as for a key in another case. A front matter that cannot be read at
    /// all still hides what its `hidden:` line hides.
    func testAFrontMatterMistakeNeverPublishesWhatItHides() {
        let twice = album("---\nhidden: true\ntitle: Family only\nhidden: true\n---\nBody.")
        XCTAssertTrue(twice.hidden)
        XCTAssertEqual(twice.title, "Family only", "the other keys are read too")
        XCTAssertEqual(
            twice.warnings.map(\.description),
            [
                "Travels/index.md:4: 'hidden' is written again here ('hidden' on line 2), so this one is not read; keep one"
            ])

        for text in [
            "---\ntitle: [Family\nHidden: yes  # not for everyone\n---\nBody.",
            "---\nhidden: 'true'\ntitle: \"open\n---\n", "---\nhidden: on\n- a list\n---\n",
            "---\ntitle: Family\nhidden: true\n\nNo closing line.", "---\ntitle: [Family\nHidden : yes\n---\n",
            "---\ntitle: [Family\n\"hidden\": on\n---\n",
        ] {
            let metadata = album(text)
            XCTAssertTrue(metadata.hidden, text)
            XCTAssertEqual(metadata.warnings.count, 1, text)
            XCTAssertTrue(
                metadata.warnings.first?.message.contains("is read all the same, so what it hides stays hidden")
                    ?? false,
                "\(metadata.warnings)")
        }
        for text in [
            "---\ntitle: [Family\nhidden: false\n---\n", "---\ntitle: [Family\n  hidden: true\n---\n",
            "---\ntitle: [Family\nhidden: # yes\n---\n", "---\n\nA rule, then prose.\nHidden: yes\n",
        ] {
            let metadata = album(text)
            XCTAssertFalse(metadata.hidden, "only a top-level yes hides: \(text)")
            XCTAssertFalse(metadata.warnings.first?.message.contains("all the same") ?? true, text)
        }
    }

    func testRawHTMLInTheDescriptionIsRemovedUnlessAllowed() {
        let text = "Title: X\n\nHello <script>alert(1)</script> there."
        XCTAssertFalse(album(text).descriptionHTML!.contains("<script>"))
        XCTAssertTrue(album(text, allowHTML: true).descriptionHTML!.contains("<script>alert(1)</script>"))
        XCTAssertEqual(album(text).summary, "Hello there.", "the meta description holds no markup, nor a script's code")
    }

    func testASidecarGivesTitleCaptionAndHiding() {
        let sidecar = PhotoSidecar(
            note("Title: Dom Luís I\nHidden: yes\n\nThe bridge at *dusk*.", file: "Travels/Bridge.md"),
            file: "Travels/Bridge.md", markdown: CommonMarkRenderer(), allowHTML: false)
        XCTAssertEqual(sidecar.title, "Dom Luís I")
        XCTAssertEqual(sidecar.caption, "The bridge at dusk.")
        XCTAssertEqual(sidecar.captionHTML, "<p>The bridge at <em>dusk</em>.</p>\n")
        XCTAssertTrue(sidecar.hidden)
    }

    func testAByteOrderMarkDoesNotHideTheHeader() {
        for text in ["\u{FEFF}Title: Porto\n\nThe bridge.", "\u{FEFF}---\ntitle: Porto\n---\nThe bridge."] {
            let metadata = album(text)
            XCTAssertEqual(metadata.title, "Porto", text)
            XCTAssertEqual(metadata.summary, "The bridge.", "the header is not published as text")
            XCTAssertEqual(metadata.warnings, [])
        }
    }

    func testCarriageReturnLineEndsReadAsLineFeeds() {
        for newline in ["\r", "\r\n"] {
            let sigal = album(["Title: Porto", "Sort: date", "", "The bridge.", "At dusk."].joined(separator: newline))
            XCTAssertEqual(sigal.title, "Porto", "the header is not merged into the title")
            XCTAssertEqual(sigal.sort, .date)
            XCTAssertEqual(sigal.summary, "The bridge. At dusk.")
            let hugo = album(
                ["---", "title: Porto", "order:", "  - b.jpg", "---", "The bridge."].joined(separator: newline))
            XCTAssertEqual(hugo.title, "Porto")
            XCTAssertEqual(hugo.order, ["b.jpg"])
            XCTAssertEqual(hugo.descriptionHTML, "<p>The bridge.</p>\n")
            XCTAssertEqual(hugo.warnings, [])
            let broken = album(["Title: Porto", "not a field"].joined(separator: newline))
            XCTAssertEqual(broken.warnings.map(\.line), [2], "lines are counted at each line end")
        }
    }
}
