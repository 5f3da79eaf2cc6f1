import XCTest

@testable import TesseraCore

/// A page holds as many tiles as `page_size` allows, or fewer where their words would take
/// it over the budget: the estimate's rule, on planned photos.
final class AlbumPageWeightTests: XCTestCase {
    private func photos(_ count: Int, caption: (Int) -> String? = { _ in nil }) -> [PlannedPhoto] {
        (0..<count).map { index in
            var photo = PlannedPhoto(
                source: PhotoFile(relativePath: "A/IMG_\(index).jpg", format: .jpeg, byteCount: 1, modified: 0),
                info: PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 3, height: 2)), page: "img-\(index).html",
                renditions: [], text: PhotoText(sidecar: nil, metadata: PhotoMetadata()))
            photo.caption = caption(index)
            return photo
        }
    }

    func testPhotosWithoutWordsKeepThePageSize() {
        XCTAssertEqual(AlbumPageWeight.pageSize(for: photos(3000), atMost: 500), 500)
        XCTAssertEqual(AlbumPageWeight.pageSize(for: photos(20), atMost: 500), 500, "one page, under the budget")
    }

    func testWordsMakePagesSmallerAndEveryRunOfAPageFits() {
        let sentence = String(repeating: "a long sentence of caption ", count: 6)
        let captioned = photos(600) { _ in sentence }
        let size = AlbumPageWeight.pageSize(for: captioned, atMost: 500)
        XCTAssertLessThan(size, 500)
        let weights = captioned.map { AlbumPageWeight.weight(of: $0) }
        func heaviest(_ count: Int) -> Double {
            (0...(weights.count - count)).map { weights[$0..<$0 + count].reduce(0, +) }.max() ?? 0
        }
        XCTAssertLessThanOrEqual(heaviest(size), AlbumPageWeight.tilesBudget)
        XCTAssertGreaterThan(heaviest(size + 1), AlbumPageWeight.tilesBudget, "the largest that fits")
        // One heavy run in an album of light tiles decides the size for every page.
        let mixed = photos(2000) { $0 >= 1000 && $0 < 1100 ? String(repeating: "x", count: 2000) : nil }
        let mixedSize = AlbumPageWeight.pageSize(for: mixed, atMost: 500)
        XCTAssertLessThan(mixedSize, 500)
        for start in 0...(mixed.count - mixedSize) {
            let run = mixed[start..<start + mixedSize].map { AlbumPageWeight.weight(of: $0) }.reduce(0, +)
            XCTAssertLessThanOrEqual(run, AlbumPageWeight.tilesBudget, "the run from \(start)")
        }
        XCTAssertEqual(
            AlbumPageWeight.pageSize(for: photos(3) { _ in String(repeating: "x", count: 200_000) }, atMost: 500), 1)
    }

    /// A theme of eight `sizes` steps, or WebP offered beside AVIF and JPEG, made each tile's
    /// markup longer than the estimate allowed: captioned pages came out at 66–80 KiB
    /// gzipped and `verify` failed them. Such pages hold fewer tiles.
    func testMoreSizesStepsOrFormatsMakePagesSmaller() {
        let sentence = String(repeating: "a long sentence of caption ", count: 6)
        var captioned = photos(600) { _ in sentence }
        func offer(_ formats: [RenditionFormat]) {
            for index in captioned.indices {
                captioned[index].renditions = formats.map {
                    Rendition(
                        role: .thumbnail, path: "a/_media/\(index).x", size: PixelSize(width: 3, height: 2), format: $0)
                }
            }
        }
        offer([.jpeg, .avif])
        let standard = AlbumPageWeight.pageSize(for: captioned, atMost: 500)
        let eightSteps = AlbumPageWeight.pageSize(for: captioned, atMost: 500, sizesSteps: 8)
        XCTAssertLessThan(eightSteps, standard)
        XCTAssertGreaterThan(eightSteps, standard * 3 / 4, "a step costs a few bytes, not a page")
        // Without a widest content width (portfolio) every `sizes` ends in `max(…px, …vw)`.
        var edgeToEdge = ThemeMetrics.builtIn
        edgeToEdge.contentMaxWidth = nil
        XCTAssertEqual(ThemeMetrics.builtIn.weighedSizesSteps, 3)
        XCTAssertEqual(edgeToEdge.weighedSizesSteps, 4)
        XCTAssertLessThan(
            AlbumPageWeight.pageSize(for: captioned, atMost: 500, sizesSteps: edgeToEdge.weighedSizesSteps), standard)
        offer([.jpeg, .avif, .webp])
        XCTAssertLessThan(AlbumPageWeight.pageSize(for: captioned, atMost: 500), standard)
        offer([.jpeg])
        XCTAssertGreaterThan(AlbumPageWeight.pageSize(for: captioned, atMost: 500), standard, "JPEG alone is lighter")
    }
}
