import XCTest

@testable import TesseraCore

/// Make or keep: decided from products, the previous manifest and `--force`, without a disk.
final class BuildPlanTests: XCTestCase {
    private let manifest = Manifest(files: [
        "same.html": .init(fingerprint: "1"), "changed.html": .init(fingerprint: "1"),
        "claimed.html": .init(fingerprint: ""), "deleted.html": .init(fingerprint: "1"),
    ])
    private let products = [
        Product(path: "same.html", fingerprint: "1", kind: .page),
        Product(path: "changed.html", fingerprint: "2", kind: .page),
        Product(path: "claimed.html", fingerprint: "1", kind: .page),
        Product(path: "deleted.html", fingerprint: "1", kind: .page),
        Product(path: "new.html", fingerprint: "1", kind: .page),
    ]

    func testOnlyAFileMadeFromTheSameFingerprintAndStillThereIsKept() {
        let plan = BuildPlan(products: products, manifest: manifest, force: false) { $0 != "deleted.html" }
        XCTAssertEqual(plan.keep.map(\.path), ["same.html"])
        XCTAssertEqual(plan.make.map(\.path), ["changed.html", "claimed.html", "deleted.html", "new.html"])
        XCTAssertTrue(plan.makes("new.html"))
        XCTAssertFalse(plan.makes("same.html"))
    }

    func testForceMakesEverything() {
        let plan = BuildPlan(products: products, manifest: manifest, force: true) { _ in true }
        XCTAssertEqual(plan.keep, [])
        XCTAssertEqual(plan.make, products)
    }

    /// An image whose file is missing is reused from a file of ours made from the same
    /// fingerprint, if that file is still there; a page never is (it names its neighbours).
    func testAMissingImageIsReusedFromAPresentFileOfTheSameFingerprint() {
        let manifest = Manifest(files: [
            "old/a.jpg": .init(fingerprint: "img-a"), "gone/b.jpg": .init(fingerprint: "img-b"),
            "old/a.html": .init(fingerprint: "page"),
        ])
        let products = [
            Product(path: "new/a.jpg", fingerprint: "img-a", kind: .image),
            Product(path: "new/b.jpg", fingerprint: "img-b", kind: .image),
            Product(path: "new/a.html", fingerprint: "page", kind: .page),
        ]
        let plan = BuildPlan(products: products, manifest: manifest, force: false) { $0.hasPrefix("old/") }
        XCTAssertEqual(plan.reuse, [BuildPlan.Reuse(product: products[0], source: "old/a.jpg")])
        XCTAssertEqual(plan.make.map(\.path), ["new/b.jpg", "new/a.html"], "b's old file is gone; pages are made")
        XCTAssertFalse(plan.makes("new/a.jpg"))
        let fallback = plan.making(plan.reuse)
        XCTAssertEqual(fallback.reuse, [])
        XCTAssertTrue(fallback.makes("new/a.jpg"), "a reuse that could not be linked or copied is made")
        XCTAssertEqual(BuildPlan(products: products, manifest: manifest, force: true) { _ in true }.reuse, [])
    }
}
