/// What `tessera verify` holds a site to.
package struct VerifyOptions: Sendable {
    /// Where the site is published (`--base-url`), ending in `/`: canonical links, link
    /// previews, the sitemap and the feed must point under it. When nil, the home page's
    /// canonical link says (or, over HTTP, the URL it is served at).
    var baseURL: String?
    /// The most an HTML page may weigh gzipped, in bytes (issue 22's pagination budget:
    /// 64 KiB for an album page).
    var pageBudget = 64 * 1024
    /// The folder is the published copy: Tessera's own `.tessera-*` files in it are
    /// problems. Without it a folder holding Tessera's manifest is taken for the build's
    /// output, whose `.tessera-*` files every publishing recipe leaves out.
    var published = false
    /// How many files are read at once.
    var jobs = 4
    /// Told, from the reading threads, how many files have been read and how many are
    /// known: a folder's every file from the start; over HTTP those found so far, a wave
    /// of links at a time. Nil for no reports.
    var progress: (@Sendable (_ read: Int, _ known: Int) -> Void)?
    /// How many of the heaviest pages the report names.
    var heaviestShown = 3
    /// The most files a crawl over HTTP reads: a site of 100,000 photos has about 500,000;
    /// a server that makes up a new page for every path would be crawled for ever.
    var mostFiles = 2_000_000
    /// The size of bytes gzipped at gzip's default level, as a web server sends a page;
    /// Core has no compressor of its own (zlib belongs to the imaging module).
    var gzippedSize: @Sendable (UnsafeRawBufferPointer) -> Int
    /// zlib for a PNG's compressed text chunks, to look into the EXIF or XMP they may hold
    /// (`PNGMetadata.Inflater`), for the same reason.
    var inflatePNGText: PNGMetadata.Inflater

    /// What `tessera verify` sets: the fields above, and Core's two ports to zlib.
    package init(
        baseURL: String? = nil, pageBudget: Int = 64 * 1024, published: Bool = false, jobs: Int = 4,
        progress: (@Sendable (_ read: Int, _ known: Int) -> Void)? = nil,
        gzippedSize: @escaping @Sendable (UnsafeRawBufferPointer) -> Int,
        inflatePNGText: @escaping @Sendable (UnsafeRawBufferPointer, Int) -> [UInt8]?
    ) {
        self.baseURL = baseURL
        self.pageBudget = pageBudget
        self.published = published
        self.jobs = jobs
        self.progress = progress
        self.gzippedSize = gzippedSize
        self.inflatePNGText = inflatePNGText
    }
}
