import Foundation

/// A site to verify, as visitors get it: a folder (built or published), or a site served
/// over HTTP. Verification reads it only through this port.
protocol PublishedSite: Sendable {
    /// How messages name the site: `site`, `http://127.0.0.1:8000/`.
    var name: String { get }
    /// The URL the site is served at, ending in `/`, when it is read over HTTP: links under
    /// it are the site's own files.
    var servedURL: String? { get }
    /// Every file and folder, when the site can be listed (a folder); nil over HTTP.
    func inventory() -> SiteInventory?
    /// Runs `body` over a file's bytes.
    func withContents<Result>(of path: PublishedPath, _ body: (UnsafeRawBufferPointer) -> Result) -> SiteRead<Result>
}

/// What reading one file of a site gave.
enum SiteRead<Value> {
    case read(Value)
    /// No such file (a 404 over HTTP).
    case missing
    /// It is there but could not be read, with the reason (`Permission denied`, `HTTP 500`).
    case failed(String)
}

extension SiteRead {
    /// `body` over the regular file open as `fd`, mapped into memory read only: a file of
    /// gigabytes costs only the pages that are read, and those the system may drop again.
    static func mapping(_ fd: Int32, _ body: (UnsafeRawBufferPointer) -> Value) -> SiteRead {
        var status = stat()
        guard fstat(fd, &status) == 0 else { return .failed(String(cString: strerror(errno))) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { return .failed("it is not a regular file") }
        let size = Int(status.st_size)
        guard size > 0 else { return .read(body(UnsafeRawBufferPointer(start: nil, count: 0))) }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else {
            return .failed(String(cString: strerror(errno)))
        }
        defer { munmap(mapped, size) }
        return .read(body(UnsafeRawBufferPointer(start: mapped, count: size)))
    }
}

/// Every file and folder of a site that can be listed.
struct SiteInventory: Sendable {
    var files: Set<PublishedPath> = []
    var folders: Set<PublishedPath> = []
    /// Symbolic links that lead out of the site, and where.
    var linksOut: [(path: PublishedPath, target: String)] = []
    /// Folders and files that could not be listed or opened, and why.
    var unreadable: [(path: PublishedPath, reason: String)] = []
    /// Names left out because they are not published by what holds them (a git working
    /// copy's `.git`).
    var notPublished: [PublishedPath] = []

    init() {}
}
