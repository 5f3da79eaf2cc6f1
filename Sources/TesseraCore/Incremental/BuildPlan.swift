/// What a build does with each product: make it, keep the file an earlier build made, or
/// reuse a file an earlier build made of the same recipe under another name.
///
/// A pure function of the products, the previous manifest and `--force`: a file is kept
/// only when the manifest says it was made from exactly this fingerprint and it is still
/// there. An image or video whose file is not there (its photo or album was renamed or
/// moved) is reused when the manifest lists another file made from the same fingerprint
/// that is still there: image fingerprints are digests of the photo's content and the
/// recipe, never of its path, so the bytes are the same. Everything else is made.
struct BuildPlan: Sendable, Equatable {
    /// A product whose bytes are already in another file of ours: `source`, a site-relative
    /// path the manifest says was made from the product's fingerprint.
    struct Reuse: Sendable, Equatable {
        var product: Product
        var source: String
    }

    /// Products to make (render or encode, then write).
    var make: [Product]
    /// Products whose file is up to date and stays as it is.
    var keep: [Product]
    /// Products to link or copy from another file of ours (`SiteWriter.carry` does it).
    var reuse: [Reuse]
    private var made: Set<String>

    /// The kinds of product worth finding by fingerprint under another name: the ones that
    /// cost an encode. A page is cheap to render and names its neighbours, so it is made.
    static let reusableKinds: Set<Product.Kind> = [.image, .video]

    /// - Parameters:
    ///   - isPresent: whether a site-relative path exists in the output folder.
    init(products: [Product], manifest: Manifest, force: Bool, isPresent: (String) -> Bool) {
        var make: [Product] = []
        var keep: [Product] = []
        var reuse: [Reuse] = []
        // Built on the first product that could be reused: a no-change build never needs it.
        var sources: [String: [String]]?
        for product in products {
            let known = manifest.files[product.path]?.fingerprint
            if !force, !product.fingerprint.isEmpty, known == product.fingerprint, isPresent(product.path) {
                keep.append(product)
                continue
            }
            if !force, !product.fingerprint.isEmpty, Self.reusableKinds.contains(product.kind) {
                if sources == nil { sources = Self.pathsByFingerprint(manifest) }
                if let source = sources?[product.fingerprint]?.first(where: { $0 != product.path && isPresent($0) }) {
                    reuse.append(Reuse(product: product, source: source))
                    continue
                }
            }
            make.append(product)
        }
        self.make = make
        self.keep = keep
        self.reuse = reuse
        made = Set(make.map(\.path))
    }

    /// The paths of the manifest's files by fingerprint, each list sorted so that the
    /// source chosen is the same on every run.
    private static func pathsByFingerprint(_ manifest: Manifest) -> [String: [String]] {
        var sources: [String: [String]] = [:]
        for (path, product) in manifest.files where !product.fingerprint.isEmpty {
            sources[product.fingerprint, default: []].append(path)
        }
        return sources.mapValues { $0.sorted() }
    }

    /// Whether `path` is one of the products to make.
    func makes(_ path: String) -> Bool {
        made.contains(path)
    }

    /// The plan with `failed`, reuses whose file could not be linked or copied, made instead.
    func making(_ failed: [Reuse]) -> BuildPlan {
        guard !failed.isEmpty else { return self }
        var plan = self
        let paths = Set(failed.map(\.product.path))
        plan.reuse.removeAll { paths.contains($0.product.path) }
        plan.make += failed.map(\.product)
        plan.made.formUnion(paths)
        return plan
    }
}
