import Foundation
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// The release binary reads and makes every image in worker processes (`ImagingWorkers`),
/// so a file that crashes a C library (here LibRaw, the one with a known crasher) is skipped
/// with the reason and the build goes on; a photo comes out of a worker as it comes out of
/// the libraries in process.
final class ImagingWorkerBuildTests: XCTestCase {
    /// The 406-byte TIFF (a FuzzRaw finding, 2026-12-05) on which Debian 12's LibRaw 0.20
    /// reads through a wild pointer in `parse_tiff_ifd`: the release binary died of a
    /// segmentation fault on it, with nothing built.
    static let crashesLibRaw: [UInt8] = [
        0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x14, 0x00, 0xfe, 0x00, 0x04, 0x00, 0x01, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 0x21, 0x00,
        0x00, 0x00, 0x01, 0x01, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 0x19, 0x00, 0x00, 0x00, 0xfe, 0xfe,
        0xfc, 0xff, 0xfe, 0xff, 0xfa, 0x00, 0x10, 0x00, 0x00, 0x00, 0x03, 0x01, 0x03, 0x00, 0x01, 0x00,
        0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x06, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x23, 0x80,
        0x00, 0x00, 0x0f, 0x01, 0x02, 0x00, 0x08, 0x00, 0x00, 0x00, 0xfe, 0x00, 0x00, 0x00, 0x10, 0x01,
        0x02, 0x00, 0x0c, 0x00, 0x00, 0x00, 0x06, 0x01, 0x00, 0x00, 0x11, 0x01, 0x04, 0x00, 0x01, 0x00,
        0x00, 0x00, 0x86, 0x01, 0x00, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x08, 0x00,
        0x00, 0x00, 0x15, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x16, 0x01,
        0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 0x19, 0x00, 0x00, 0x00, 0x17, 0x01, 0x04, 0x00, 0x01, 0x00,
        0x00, 0x00, 0x72, 0x06, 0x00, 0x00, 0x8d, 0x82, 0x03, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x00,
        0x02, 0x00, 0x8e, 0x82, 0x01, 0x00, 0x24, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x02, 0x12, 0xc6,
        0x01, 0x00, 0x04, 0x00, 0x00, 0x00, 0x01, 0x04, 0x00, 0x00, 0x14, 0xc6, 0x02, 0x00, 0x14, 0x00,
        0x00, 0x00, 0x12, 0x01, 0x00, 0x00, 0x1d, 0xc6, 0x04, 0x00, 0x01, 0x07, 0xc8, 0x00, 0xfa, 0x00,
        0xc8, 0x00, 0xfa, 0x00, 0xc8, 0x00, 0xfa, 0x00, 0xc8, 0x00, 0xfa, 0x00, 0xc8, 0x00, 0xfa, 0x00,
        0xc8, 0x00, 0xfa, 0x00, 0xc8, 0x00, 0xfa, 0x00, 0xc8, 0x00, 0xfa, 0x00, 0xc8, 0x00, 0x08, 0x07,
        0x2c, 0x01, 0x08, 0x07, 0x2c, 0x01, 0x08, 0x07, 0x2c, 0x01, 0x08, 0x07, 0x2c, 0x01, 0x08, 0x07,
        0x2c, 0x01, 0x08, 0x07, 0x2c, 0x01, 0x08, 0x07, 0x2c, 0x01, 0x08, 0x07, 0x2c, 0x01, 0x08, 0x07,
        0x60, 0x09, 0xfa, 0x00, 0x60, 0x09, 0xfa, 0x00, 0x60, 0x09, 0xfa, 0x00, 0x60, 0x09, 0xfa, 0x00,
        0x60, 0x09, 0xfa, 0x00, 0x60, 0x09, 0xfa, 0x00, 0x60, 0x09, 0xfa, 0x00, 0x60, 0x09, 0xfa, 0x00,
        0xc8, 0x00, 0x08, 0x07, 0xc8, 0x00, 0x08, 0x07, 0xc8, 0x00, 0x08, 0x07, 0xc8, 0x00, 0x08, 0x07,
        0xc8, 0x00, 0x08, 0x07, 0xc8, 0x00, 0x08, 0x07, 0xc8, 0x00, 0x08, 0x07, 0xc8, 0x00, 0x08, 0x07,
        0xc8, 0x00, 0xfa, 0x00, 0xc8, 0x00, 0xfa, 0x00, 0xc8, 0x00, 0xfa, 0x00, 0xc8, 0x00, 0xfa, 0x00,
        0xc8, 0x00, 0xfa, 0x00, 0xc8, 0x00, 0xfa, 0x00, 0xc8, 0x00, 0xfa, 0x00, 0xc8, 0x00, 0xfa, 0x00,
        0xd8, 0x00, 0x08, 0x07, 0x2c, 0x01, 0x08, 0x07, 0x2c, 0x01, 0x08, 0x07, 0x2c, 0x01, 0x08, 0x00,
        0x00, 0x00, 0x03, 0x00, 0x00, 0x01,
    ]

    func testARawThatCrashesLibRawIsSkippedWithTheReasonAndTheBuildGoesOn() throws {
        let tmp = try TemporaryFolder()
        let photos = tmp.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try Data(Self.crashesLibRaw).write(to: photos.appendingPathComponent("IMG_0001.DNG"))
        let jpeg = try LibGDSamplePainter().paintSample(
            uprightSize: PixelSize(width: 300, height: 200), label: "beach", hue: 0.6, orientation: .up)
        try Data(jpeg).write(to: photos.appendingPathComponent("Beach.jpg"))

        let result = try Tessera.run(["build", "photos", "-o", "site", "--formats", "none"], in: tmp.url, timeout: 120)

        try assertTheBuildWentOn(
            result, saying: "warning: IMG_0001.DNG: corrupt DNG: LibRaw crashed reading it (",
            "it is damaged, or made to harm raw readers; skipped", kept: "beach", lost: "img-0001",
            site: tmp.url.appendingPathComponent("site"))
    }

    /// The build ended well, said `warning` (then `reason`) of the file whose reader
    /// crashed, published the photo `kept` and left out the page `lost`. The worker died of
    /// signal 11; under AddressSanitizer (make test's sanitizer run) it exits with status 1
    /// after the sanitizer's report instead, so the status is not part of `warning`.
    private func assertTheBuildWentOn(
        _ result: Tessera.Result, saying warning: String, _ reason: String, kept: String, lost: String, site: URL,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(warning), result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(reason), result.stderr, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.appendingPathComponent("\(lost).html").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.appendingPathComponent("\(kept).html").path))
        let home = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(
            home.contains("src=\"_media/\(kept).jpg\""), "the other photo is published", file: file, line: line)
    }

    /// A JPEG whose decoder crashes (libjpeg-turbo's header read made to fault, by a
    /// library preloaded into the binary and so into its workers, for the JPEG that carries
    /// a marker) is skipped with the reason, and the photos beside it are published. Built
    /// with every library in the build's own process, the binary died of it.
    func testAJPEGThatCrashesItsDecoderIsSkippedAndTheBuildGoesOn() throws {
        let compiler = ["/usr/bin/cc", "/usr/bin/clang", "/opt/swift/usr/bin/clang"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        let tmp = try TemporaryFolder()
        let source = try tmp.write(
            "crash.c",
            Array(
                """
                #define _GNU_SOURCE
                #include <dlfcn.h>
                #include <signal.h>
                #include <string.h>
                typedef int (*header_reader)(void *, const unsigned char *, unsigned long, int *, int *, int *, int *);
                int tjDecompressHeader3(void *handle, const unsigned char *jpeg, unsigned long size,
                                        int *width, int *height, int *subsampling, int *colourspace) {
                    if (memmem(jpeg, size, "tessera-crash-test", 18) != NULL) raise(SIGSEGV);
                    header_reader real = (header_reader)dlsym(RTLD_NEXT, "tjDecompressHeader3");
                    return real(handle, jpeg, size, width, height, subsampling, colourspace);
                }
                """.utf8))
        let library = tmp.url.appendingPathComponent("crash.so")
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: try XCTUnwrap(compiler, "no C compiler to build the fault"))
        compile.arguments = ["-shared", "-fPIC", "-o", library.path, source.path, "-ldl"]
        try compile.run()
        compile.waitUntilExit()
        XCTAssertEqual(compile.terminationStatus, 0, "the fault library builds")

        let photos = tmp.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for (name, hue) in [("Beach", 0.6), ("Harbour", 0.1)] {
            let jpeg = try LibGDSamplePainter().paintSample(
                uprightSize: PixelSize(width: 300, height: 200), label: name, hue: hue, orientation: .up)
            // Harbour carries the marker in a comment segment right after the start of image.
            let marked =
                name == "Harbour"
                ? Array(jpeg[..<2]) + [0xFF, 0xFE, 0x00, 20] + Array("tessera-crash-test".utf8) + Array(jpeg[2...])
                : jpeg
            try Data(marked).write(to: photos.appendingPathComponent("\(name).jpg"))
        }

        let result = try Tessera.run(
            ["build", "photos", "-o", "site", "--formats", "none"], in: tmp.url, timeout: 120,
            environment: ["LD_PRELOAD": library.path])

        try assertTheBuildWentOn(
            result, saying: "warning: Harbour.jpg: corrupt JPEG: its decoder crashed reading it (",
            "it is damaged, or made to harm image readers; skipped", kept: "beach", lost: "harbour",
            site: tmp.url.appendingPathComponent("site"))
    }

    /// A photo file of a gigabyte (here a JPEG with a gigabyte of nothing, sparse on disk,
    /// before its end marker) on a machine whose processes may allocate 400 MB (`ulimit
    /// -d`) is skipped saying it does not fit in memory and how large it is; the reason
    /// was "Bad address", the error of a `read` into the buffer that could not be made.
    func testAPhotoFileTooLargeForTheMemoryAllowedIsSkippedSayingSo() throws {
        guard !(try Tessera.binary().path.contains("/asan/")) else {
            throw XCTSkip(
                "AddressSanitizer's shadow memory is more than any data limit allows; the other runs check this")
        }
        let tmp = try TemporaryFolder()
        let photos = tmp.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        // Pier: 250 MB, which fits once but not twice; it was read through `Data` and then
        // copied, and the worker ended with "Fatal error: failed to allocate" and its stack
        // trace on the terminal, the photo said to have crashed its decoder.
        for (name, hue, padding) in [("Beach", 0.6, 0), ("Harbour", 0.1, 1 << 30), ("Pier", 0.3, 250_000_000)] {
            let jpeg = try LibGDSamplePainter().paintSample(
                uprightSize: PixelSize(width: 300, height: 200), label: name, hue: hue, orientation: .up)
            let file = photos.appendingPathComponent("\(name).jpg")
            try Data(padding > 0 ? jpeg.dropLast(2) : jpeg).write(to: file)
            guard padding > 0 else { continue }
            let handle = try FileHandle(forWritingTo: file)
            try handle.seek(toOffset: UInt64(padding))
            try handle.write(contentsOf: Data([0xFF, 0xD9]))
            try handle.close()
        }
        let result = try Tessera.run(
            ["build", "photos", "-o", "site", "--formats", "none"], in: tmp.url, timeout: 120, dataKiB: 400_000)
        try assertTheBuildWentOn(
            result, saying: "warning: Harbour.jpg: cannot read file: there is not enough memory to hold its 1,074 MB",
            "`ulimit -d`", kept: "beach", lost: "harbour", site: tmp.url.appendingPathComponent("site"))
        XCTAssertFalse(result.stderr.contains("Fatal error"), result.stderr)
        XCTAssertFalse(result.stderr.contains("crashed"), result.stderr)
    }

    /// Where no worker can be started (here: its executable is missing), the images are
    /// made in the build's process, and the build says so in a note.
    func testABuildWhoseWorkersCannotStartMakesItsImagesInProcessAndSaysSo() throws {
        let tmp = try TemporaryFolder()
        let jpeg = try LibGDSamplePainter().paintSample(
            uprightSize: PixelSize(width: 300, height: 200), label: "beach", hue: 0.6, orientation: .up)
        try tmp.write("photos/Beach.jpg", jpeg)
        let workers = ImagingWorkers(executable: tmp.url.appendingPathComponent("no-such-tessera"))

        let result = try InProcessCLI.run(
            ["build", "photos", "-o", "site", "--formats", "none"], in: tmp.url, imagingWorkers: workers)

        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "note: images were made in this process: a worker process could not be started ("),
            result.stderr)
        XCTAssertTrue(result.stderr.contains("no-such-tessera: No such file or directory"), result.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: tmp.url.appendingPathComponent("site/_media/beach.jpg").path))
    }

    /// The same DNGs and JPEG built by the release binary (in workers) and in process (in the
    /// test's process) give the same images, byte for byte, and the same notes.
    func testARawDevelopedByAWorkerIsTheRawDevelopedInProcess() throws {
        try XCTSkipIf(RawFixture.python == nil, RawFixture.unavailable)
        let tmp = try TemporaryFolder()
        let photos = tmp.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        // One with no preview (developed by LibRaw), one whose preview stands for it.
        try RawFixture.write(RawFixture.Scene(orientation: 6), to: photos.appendingPathComponent("IMG_0040.DNG"))
        try RawFixture.write(
            RawFixture.Scene(preview: RawFixture.Preview(scale: 1)), to: photos.appendingPathComponent("IMG_0041.DNG"))
        let jpeg = try LibGDSamplePainter().paintSample(
            uprightSize: PixelSize(width: 900, height: 600), label: "harbour", hue: 0.3, orientation: .right)
        try Data(jpeg).write(to: photos.appendingPathComponent("Harbour.jpg"))
        let build = ["build", "photos", "--formats", "none", "--json", "--strict", "-o"]

        let worker = try Tessera.run(build + ["worker"], in: tmp.url, timeout: 300)
        let inProcess = try InProcessCLI.run(build + ["process"], in: tmp.url)

        XCTAssertEqual(worker.status, 0, worker.stderr)
        XCTAssertEqual(inProcess.status, 0, inProcess.stderr)
        func images(_ folder: String) throws -> [String: Data] {
            let media = tmp.url.appendingPathComponent("\(folder)/_media")
            var found: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: media.path) {
                found[name] = try Data(contentsOf: media.appendingPathComponent(name))
            }
            return found
        }
        let made = try images("worker")
        XCTAssertTrue(
            made.keys.contains("img-0040.jpg") && made.keys.contains("img-0041.jpg")
                && made.keys.contains("harbour.jpg"), "\(made.keys.sorted())")
        XCTAssertEqual(made, try images("process"))
        let pages = ["img-0040.html", "img-0041.html", "harbour.html"]
        for page in pages {
            XCTAssertEqual(
                try String(contentsOf: tmp.url.appendingPathComponent("worker/\(page)"), encoding: .utf8),
                try String(contentsOf: tmp.url.appendingPathComponent("process/\(page)"), encoding: .utf8),
                "\(page): the same camera notes")
        }
    }
}
