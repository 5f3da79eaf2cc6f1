/// What a build does with each product: make it, or keep the file an earlier build made.
///
/// A pure function of the products, the previous manifest and `--force`: a file is kept
/// only when the manifest says it was made from exactly this fingerprint and it is still
/// there. Everything else is made.
struct BuildPlan: Sendable, Equatable {
    /// Products to make (render or encode, then write).
    var make: [Product]
    /// Products whose file is up to date and stays as it is.
    var keep: [Product]
    private var made: Set<String>

    /// - Parameters:
    ///   - isPresent: whether a site-relative path exists in the output folder.
    init(products: [Product], manifest: Manifest, force: Bool, isPresent: (String) -> Bool) {
        var make: [Product] = []
        var keep: [Product] = []
        for product in products {
            if !force, !product.fingerprint.isEmpty,
                manifest.files[product.path]?.fingerprint == product.fingerprint, isPresent(product.path)
            {
                keep.append(product)
            } else {
                make.append(product)
            }
        }
        self.make = make
        self.keep = keep
        made = Set(make.map(\.path))
    }

    /// Whether `path` is one of the products to make.
    func makes(_ path: String) -> Bool {
        made.contains(path)
    }
}
