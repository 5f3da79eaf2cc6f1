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
}
