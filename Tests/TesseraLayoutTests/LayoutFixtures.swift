/// Photo sets shared by the layout tests.
enum LayoutFixtures {
    /// The 21-photo set of react-photo-album's test suite (igordanchenko/react-photo-album,
    /// `test/photos.ts`): pixel sizes 1080 wide; photo 18 is a 6.75:1 panorama.
    static let reactPhotoAlbumSizes: [(width: Double, height: Double)] = [
        (1080, 800), (1080, 1620), (1080, 720), (1080, 721), (1080, 1620), (1080, 607), (1080, 608),
        (1080, 720), (1080, 1549), (1080, 720), (1080, 694), (1080, 1620), (1080, 720), (1080, 1440),
        (1080, 1620), (1080, 810), (1080, 1620), (1080, 160), (1080, 810), (1080, 720), (1080, 1440),
    ]

    static var reactPhotoAlbumRatios: [Double] { reactPhotoAlbumSizes.map { $0.width / $0.height } }

    /// One row of LAYOUT.md's competitor table: the width, target and the two competitors'
    /// measured row count, mean and max `|h/H − 1|` on the 21-photo set.
    struct Benchmark {
        var width: Double
        var target: Double
        /// react-photo-album's default spacing at that width (15 px up to 1200 px, then 20 px;
        /// 10 px below 600 px).
        var gap: Double
        var flickr: (rows: Int, mean: Double, max: Double)
        var reactPhotoAlbum: (rows: Int, mean: Double, max: Double)
    }

    /// LAYOUT.md, "What the best do today".
    static let benchmarks: [Benchmark] = [
        Benchmark(width: 1024, target: 256, gap: 15, flickr: (8, 0.24, 0.97), reactPhotoAlbum: (7, 0.15, 0.41)),
        Benchmark(width: 800, target: 200, gap: 15, flickr: (8, 0.23, 0.96), reactPhotoAlbum: (7, 0.14, 0.41)),
        Benchmark(width: 500, target: 167, gap: 10, flickr: (10, 0.28, 1.00), reactPhotoAlbum: (8, 0.21, 0.56)),
        Benchmark(width: 1400, target: 280, gap: 20, flickr: (6, 0.17, 0.34), reactPhotoAlbum: (6, 0.16, 0.36)),
    ]

    /// Ratios of the kinds of photos people take, for seeded random albums.
    static let realWorldRatios: [Double] = [
        3.0 / 2, 2.0 / 3, 4.0 / 3, 3.0 / 4, 16.0 / 9, 9.0 / 16, 1,
        4, 6, 10,  // panoramas
        1.0 / 3, 1.0 / 5,  // strips
    ]

    /// A reproducible album of `count` photos drawn mostly from everyday ratios.
    static func randomRatios(count: Int, seed: UInt64) -> [Double] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            // Everyday ratios nine times in ten; panoramas and strips the rest.
            let everyday = Int.random(in: 0..<10, using: &generator) < 9
            let pool = everyday ? Array(realWorldRatios[0..<7]) : Array(realWorldRatios[7...])
            return pool[Int.random(in: 0..<pool.count, using: &generator)]
        }
    }
}

/// SplitMix64: a small deterministic generator so random tests replay exactly.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
