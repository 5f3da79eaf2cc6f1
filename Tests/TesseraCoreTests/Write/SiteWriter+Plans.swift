@testable import TesseraCore

extension SiteWriter {
    /// The plan a build makes for `products` against this writer's manifest and folder.
    func plan(_ products: [Product], force: Bool = false) -> BuildPlan {
        BuildPlan(products: products, manifest: manifest, force: force, isPresent: isPresent)
    }
}
