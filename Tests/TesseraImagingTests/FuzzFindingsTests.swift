import Foundation
import XCTest

@testable import TesseraCore
@testable import TesseraImaging

/// Inputs the fuzz targets (Fuzz/README.md) once failed on, each as it was found; the same
/// bytes are in the target's seed corpus (`Fuzz/Corpus/TARGET/regression-*`).
final class FuzzFindingsTests: XCTestCase {
    /// FuzzHeader: an AVIF whose `colr` box is of type `nclx` with a value libheif does not
    /// know. libheif allocates the profile, then reports the error; the profile was freed
    /// only on success, so every such photo leaked it. The leak itself is LeakSanitizer's
    /// to see: `make test`'s fuzz run replays this input with it. Here: the photo is still
    /// read, its size, not HDR.
    func testAnAVIFWithAnUnknownNCLXValueIsReadAndItsProfileFreed() throws {
        let file = Self.found("FuzzHeader", "regression-heif-nclx-leak")
        let heif = try HEIFFile(file, format: .avif)
        XCTAssertFalse(heif.isHighDynamicRange, "an nclx libheif cannot read says nothing of HDR")
        XCTAssertNil(heif.wideGamutPrimaries)
        let info = try ImagePipeline().inspect(file, format: .avif)
        XCTAssertEqual(info.storedSize, heif.size)
    }

    /// FuzzHeader: a TIFF whose SubIFDs entry leads to a sub-image of 4294967295 ×
    /// 4294967295 pixels. Comparing its pixel count with the first image's overflowed `Int`,
    /// which stopped the build (a trap: signal 4, no message); `PixelSize.pixelCount` now
    /// says `Int.max`, and the photo is skipped for the impossible size its header gives.
    func testATIFFSubImageTooLargeToCountIsSkippedWithAReason() throws {
        let file = Self.found("FuzzHeader", "regression-tiff-subimage-overflow")
        XCTAssertProblem(
            .corrupt(
                .tiff,
                detail: DecoderVerdict.Detail.impossibleSize(PixelSize(width: 4_281_073_985, height: 2_181_038_092)))
        ) {
            try ImagePipeline().inspect(file, format: .tiff)
        }
    }

    /// FuzzDecode: a 538-byte HEIC whose `ispe` says 16 × 16 and whose grid (the tiles'
    /// canvas, read from the item's own data) says 22,605 × 20,512. libheif allocated the
    /// canvas before decoding a tile: the release binary's worker grew to 3.2 GB and then
    /// skipped it as too large, and libFuzzer stopped at its 2 GB limit. The canvas is now
    /// read from the file's item table when it is opened, and refused there, with the reason.
    func testAHEIFGridLargerThanItsStatedSizeIsRefusedBeforeItsCanvasIsMade() throws {
        let file = Self.found("FuzzDecode", "regression-heif-grid-canvas")
        XCTAssertProblem(.corrupt(.heif, detail: DecoderVerdict.Detail.canvasBeyondStatedSize)) {
            try ImagePipeline().inspect(file, format: .heif)
        }
    }

    /// The same file with its `ispe` widened to 30,000 × 16: libheif's limit is per side,
    /// so it alone let the 22,605 × 20,512 canvas through (3.2 GB again, in the release
    /// binary). `HEIFFile` reads the canvas from the file's item table and refuses it first.
    func testAHEIFGridTallerThanItsLongStatedSizeIsRefusedToo() throws {
        let file = Self.found("FuzzDecode", "regression-heif-grid-canvas-long-ispe")
        XCTAssertProblem(.corrupt(.heif, detail: DecoderVerdict.Detail.canvasBeyondStatedSize)) {
            try ImagePipeline().inspect(file, format: .heif)
        }
    }

    /// `make test`'s fuzz run (2026-12-06, seed 1): a 552-byte HEIC whose `iloc` gives an
    /// index size of 11 bytes (the standard allows 0, 4 or 8). Tessera's reading of the item
    /// table stopped there and so found no canvas to check; libheif read on and found a
    /// 22,605 × 20,512 grid under an `ispe` of 30,000 × 16, within its per-side limit: 3 GB
    /// in the fuzzer, 3.2 GB and 7 s in the release binary's worker. A table that cannot be
    /// followed to the picture's size is refused, before libheif decodes.
    func testAHEIFWhoseItemTableCannotBeFollowedIsRefusedBeforeDecoding() throws {
        let file = Self.found("FuzzDecode", "regression-heif-iloc-index-size-11")
        XCTAssertEqual(HEIFItems.primaryCanvas(ofFileAt: file.path), .unreadable)
        XCTAssertProblem(.corrupt(.heif, detail: DecoderVerdict.Detail.unreadableItemTable)) {
            try ImagePipeline().inspect(file, format: .heif)
        }
    }

    /// A file of the fuzz corpus, as committed.
    static func found(_ target: String, _ name: String, filePath: String = #filePath) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/\(target)/\(name)")
    }

    /// A decoder out of memory (under `ulimit -v`, libjpeg's "Insufficient memory (case 4)")
    /// called a good photo's header damaged; it says memory ran out, and what to do.
    func testADecoderOutOfMemoryIsNotADamagedFile() {
        for messages in [["Insufficient memory (case 4)"], ["gd-jpeg: warning", "Insufficient memory (case 1)"]] {
            guard case .unreadable(let why) = DecoderVerdict.problem(.jpeg, messages: messages) else {
                return XCTFail("\(messages): \(DecoderVerdict.problem(.jpeg, messages: messages))")
            }
            XCTAssertTrue(why.hasPrefix("there was not enough memory to decode it"), why)
            XCTAssertTrue(why.contains("ulimit"), why)
        }
        XCTAssertEqual(
            DecoderVerdict.problem(.jpeg, messages: ["Bogus marker length"]),
            .corrupt(.jpeg, detail: DecoderVerdict.Detail.header), "a damaged header stays one")
    }
}
