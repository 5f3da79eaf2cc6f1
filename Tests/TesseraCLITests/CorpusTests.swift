import CGD
import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// The whole hostile-file corpus (`../shared/corpus`) through a real build, in process (so
/// the sanitizer run of the suite sees every decoder call): no crash (one would end the test
/// process), every image file rendered or skipped with a reason a person understands, the
/// corrupt PngSuite files refused, every EXIF orientation the right way up, input untouched,
/// and nothing from the C libraries on standard error. The leak check of the same files is
/// `make test`'s `sanitizer-corpus` step (`scripts/sanitizer-corpus`): the sanitized binary,
/// a process of its own, since LeakSanitizer is off for the test process.
final class CorpusTests: XCTestCase {
    func testTheWholeCorpusBuildsAndEveryImageGetsAVerdict() throws {
        let corpus = try Self.corpusFolder()
        let tmp = try TemporaryFolder()
        let site = tmp.url.appendingPathComponent("site")
        let before = try Fingerprint.tree(corpus)

        let result = try Self.runCapturingDescriptor2(["build", corpus.path, "-o", site.path, "--json"], in: tmp)
        XCTAssertEqual(result.status, 0, String(result.stderr.suffix(2000)))
        XCTAssertEqual(try Fingerprint.tree(corpus), before, "the input folder is never written")

        // Only our own warnings and progress lines on stderr (the console's and descriptor
        // 2's): nothing from libgd, libpng or libjpeg.
        for line in result.stderr.split(separator: "\n") {
            // A damaged animated GIF whose frames ffmpeg cannot all read is published as a still.
            let isWarning =
                line.hasPrefix("warning: ") && line.hasSuffix("; skipped")
                || line.contains(": warning: its motion could not be made (")
                    && line.hasSuffix("; published as a still")
            let isProgress = Tessera.withoutProgress(String(line)).isEmpty
            XCTAssertTrue(isWarning || isProgress, "stray stderr line: \(line)")
        }

        let report = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let skippedList = try XCTUnwrap(report["skipped"] as? [[String: String]])
        var skipped: [String: String] = [:]
        for entry in skippedList {
            let path = try XCTUnwrap(entry["path"])
            let reason = try XCTUnwrap(entry["reason"])
            XCTAssertNil(skipped[path], "\(path) skipped twice")
            skipped[path] = reason
            XCTAssertTrue(Self.isHumanReason(reason), "\(path): reason '\(reason)' is not one a person understands")
        }
        // The whole report but its time (every verdict, in order) is kept in `Golden/`.
        var untimed = report
        untimed["seconds"] = nil
        let json = try JSONSerialization.data(
            withJSONObject: untimed, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        try Golden.check(String(decoding: json, as: UTF8.self) + "\n", "corpus-report.json")

        let rendered = try Self.renderedPhotos(site: site)
        XCTAssertEqual(rendered.count, report["photos"] as? Int, "the manifest knows every published photo")

        // Every image file the corpus lists gets exactly one verdict: rendered, skipped, or
        // folded into a byte-identical copy beside it that is rendered (PngSuite's `bg*` and
        // `oi1*` files repeat `bas*` files byte for byte).
        var folded: [String: String] = [:]
        for entry in try XCTUnwrap(report["folded"] as? [[String: String]]) {
            folded[try XCTUnwrap(entry["path"])] = try XCTUnwrap(entry["joined"])
        }
        let images = try Self.imageFiles(corpus)
        XCTAssertGreaterThan(images.count, 1000)
        for image in images {
            let isRendered = rendered.contains(image)
            let isSkipped = skipped[image] != nil
            let isFolded = folded[image].map(rendered.contains) ?? false
            XCTAssertTrue(
                [isRendered, isSkipped, isFolded].filter { $0 }.count == 1,
                "\(image): rendered \(isRendered), skipped \(isSkipped), folded \(isFolded)")
        }
        for image in images where image.hasPrefix("pngsuite/x") {
            XCTAssertNotNil(skipped[image], "\(image) is a corrupt PngSuite file and must be refused")
        }
        for image in images
        where image.hasPrefix("orientation/") || image.hasPrefix("pngsuite/") && !image.hasPrefix("pngsuite/x") {
            let published = rendered.contains(image) || folded[image].map(rendered.contains) == true
            XCTAssertTrue(published, "\(image) is a valid image: \(skipped[image] ?? "")")
        }
        // Decompression bombs are refused from the header, before libgd allocates them.
        for bomb in [
            "pillow/decompression_bomb.gif", "libgd/gif__bug00005_2.gif",
            "libgd-test-corpus/invalid__max_size.jpg",
        ] {
            let reason = skipped["hostile/" + bomb] ?? "rendered"
            XCTAssertTrue(reason.hasPrefix("image too large: "), "\(bomb): \(reason)")
        }
        XCTAssertEqual(skipped["hostile/libgd/fuzzing-corpus-webp__anim.webp"], "unsupported: animated WebP")

        try assertOrientationsUpright(site: site)
        print(Self.tally(images: images, rendered: rendered, skipped: skipped))
    }

    // MARK: Orientation

    /// `Landscape_N.jpg` and `Portrait_N.jpg` (N = 0…8) must all look like their `_1` sibling.
    private func assertOrientationsUpright(site: URL) throws {
        for shape in ["landscape", "portrait"] {
            let reference = try XCTUnwrap(displayImage(site: site, slug: "\(shape)-1"), "\(shape)_1 display image")
            // The check can tell orientations apart: the picture differs from its own mirror.
            XCTAssertGreaterThan(reference.difference(to: reference.mirrored), 20, "\(shape)_1 is not symmetric")
            for n in [0] + Array(2...8) {
                let image = try XCTUnwrap(
                    displayImage(site: site, slug: "\(shape)-\(n)"), "\(shape)_\(n) display image")
                XCTAssertEqual(image.size, reference.size, "\(shape)_\(n) has the shape of \(shape)_1")
                XCTAssertLessThan(image.difference(to: reference), 8, "\(shape)_\(n) is upright like \(shape)_1")
            }
        }
    }

    /// The image shown on a photo page of the orientation album, as the page links it.
    private func displayImage(site: URL, slug: String) throws -> Thumbnail? {
        let page = site.appendingPathComponent("orientation/\(slug).html")
        let html = try String(contentsOf: page, encoding: .utf8)
        guard let range = html.range(of: #"<img src="[^"]+""#, options: .regularExpression) else { return nil }
        let src = String(html[range].dropFirst(10).dropLast())
        let file = page.deletingLastPathComponent().appendingPathComponent(src.removingPercentEncoding ?? src)
        return Thumbnail(jpeg: [UInt8](try Data(contentsOf: file)))
    }

    // MARK: Verdicts

    /// Reasons Tessera gives, in words: no decoder dump, no errno, no C function names.
    static func isHumanReason(_ reason: String) -> Bool {
        let format = "(JPEG|PNG|GIF|WebP|AVIF|HEIF|TIFF)"
        let details = [
            #"damaged data \(checksum mismatch\)"#, "damaged file structure", "damaged header",
            "the image header is missing", "damaged image data", "the decoder could not read it",
            #"the header gives an impossible size, \d+×\d+"#, #"not enough memory for a \d+×\d+ image"#,
        ]
        let patterns = [
            "not an image", "empty file", "truncated \(format)",
            "corrupt \(format): (\(details.joined(separator: "|")))",
            #"image too large: \d+×\d+ exceeds \d+ MP limit"#,
            #"unsupported format: [A-Za-z0-9 ()/]+"#,
            "unsupported: (animated WebP|12-bit JPEG|lossless or hierarchical JPEG|JPEG wider or taller than 65,500 pixels"
                + #"|camera raw files \(DNG, NEF, CR2, ARW…\)|(AVIF|HEIF) using a coding feature libheif cannot decode|HDR (AVIF|HEIF) \(PQ or HLG transfer\))"#,
        ]
        return patterns.contains { reason.range(of: "^\($0)$", options: .regularExpression) != nil }
    }

    // MARK: Corpus

    /// Runs `tessera arguments` in process with descriptor 2 pointed at a file in `folder`:
    /// what a C library writes there, past the console, ends `stderr` as the binary's would.
    static func runCapturingDescriptor2(_ arguments: [String], in folder: TemporaryFolder) throws -> Tessera.Result {
        let capture = folder.url.appendingPathComponent("descriptor-2.txt")
        let fd = open(capture.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: capture.path]) }
        fflush(nil)
        let saved = dup(STDERR_FILENO)
        dup2(fd, STDERR_FILENO)
        close(fd)
        let run = Result { try InProcessCLI.run(arguments) }
        fflush(nil)
        dup2(saved, STDERR_FILENO)
        close(saved)
        var result = try run.get()
        result.stderr += try String(contentsOf: capture, encoding: .utf8)
        return result
    }

    /// `../shared/corpus` beside the package, or beside the checkout a worktree belongs to.
    static func corpusFolder(filePath: String = #filePath) throws -> URL {
        let package = URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        for relative in ["../shared/corpus", "../../shared/corpus"] {
            let candidate = package.appendingPathComponent(relative).standardizedFileURL
            if FileSystem.isDirectory(candidate.path) { return candidate }
        }
        throw XCTSkip("../shared/corpus not found: the hostile-file corpus is only in the team checkout")
    }

    /// Every image file of the corpus, as its `PILLOW_VERDICTS.tsv` lists them (first column).
    static func imageFiles(_ corpus: URL) throws -> [String] {
        let table = try String(contentsOf: corpus.appendingPathComponent("PILLOW_VERDICTS.tsv"), encoding: .utf8)
        return table.split(separator: "\n").dropFirst().compactMap { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).first.map(String.init)
        }
    }

    /// The input paths of the photos on the site, from the manifest the build wrote.
    static func renderedPhotos(site: URL) throws -> Set<String> {
        let manifest = try Manifest.load(from: site)
        return Set(manifest.photos.keys.compactMap { $0.removingPercentEncoding })
    }

    /// `exif-samples: 91 rendered, 2 skipped` per top folder, then each reason's count.
    static func tally(images: [String], rendered: Set<String>, skipped: [String: String]) -> String {
        var lines: [String] = []
        let folders = Dictionary(grouping: images) { String($0.split(separator: "/").first ?? "") }
        for (folder, files) in folders.sorted(by: { $0.key < $1.key }) {
            let r = files.filter(rendered.contains).count
            lines.append("corpus: \(folder): \(r) rendered, \(files.count - r) skipped")
        }
        var reasons: [String: Int] = [:]
        for reason in skipped.values {
            let general = reason.replacingOccurrences(of: #"\d+×\d+"#, with: "W×H", options: .regularExpression)
            reasons[general, default: 0] += 1
        }
        for (reason, count) in reasons.sorted(by: { $0.value > $1.value }) {
            lines.append("corpus: \(count) × \(reason)")
        }
        return lines.joined(separator: "\n")
    }
}

/// A JPEG reduced to a 16×16 grid of average grey levels, for comparing pictures that went
/// through different rotations and re-encodings.
struct Thumbnail {
    static let cells = 16
    var size: PixelSize
    var grid: [Double]

    init?(jpeg: [UInt8]) {
        var copy = jpeg
        guard let image = copy.withUnsafeMutableBytes({ gdImageCreateFromJpegPtr(Int32($0.count), $0.baseAddress) })
        else { return nil }
        defer { gdImageDestroy(image) }
        let w = Int(image.pointee.sx)
        let h = Int(image.pointee.sy)
        size = PixelSize(width: w, height: h)
        var sums = [Double](repeating: 0, count: Self.cells * Self.cells)
        var counts = sums
        for y in stride(from: 0, to: h, by: 2) {
            for x in stride(from: 0, to: w, by: 2) {
                let c = gdImageGetTrueColorPixel(image, Int32(x), Int32(y))
                let grey = Double(((c >> 16) & 0xFF) + ((c >> 8) & 0xFF) + (c & 0xFF)) / 3
                let cell = (y * Self.cells / h) * Self.cells + x * Self.cells / w
                sums[cell] += grey
                counts[cell] += 1
            }
        }
        grid = zip(sums, counts).map { $1 > 0 ? $0 / $1 : 0 }
    }

    /// Mean absolute difference of the grey levels, 0…255.
    func difference(to other: Thumbnail) -> Double {
        zip(grid, other.grid).map { abs($0 - $1) }.reduce(0, +) / Double(grid.count)
    }

    /// The same picture mirrored left to right.
    var mirrored: Thumbnail {
        var copy = self
        for row in 0..<Self.cells {
            for column in 0..<Self.cells {
                copy.grid[row * Self.cells + column] = grid[row * Self.cells + Self.cells - 1 - column]
            }
        }
        return copy
    }
}
