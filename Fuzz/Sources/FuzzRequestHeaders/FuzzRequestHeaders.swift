import FuzzSupport

@testable import TesseraServe

/// The request headers `tessera serve` reads (anything a client on the network sends): the
/// input's first line is an `If-Modified-Since` date, its second a `Range`, its third a
/// `Host`. Checks that a date read is one the server writes back the same, and that a range
/// granted lies inside the file, for files of 0, 1, 1000 and 2^64-1 bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestHeaders(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let lines = FuzzInput(data, size).text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let date = lines.first ?? ""
    if let seconds = HTTPDate.parse(date), HTTPDate.parse(HTTPDate.format(secondsSince1970: seconds)) != seconds {
        FuzzInput.violated("a date read is written back as the same date", "\(date) → \(seconds)")
    }
    let range = lines.count > 1 ? lines[1] : date
    for fileSize: UInt64 in [0, 1, 1000, .max] {
        if case .partial(let span) = ByteRange.resolve(header: range, size: fileSize),
            !(span.first <= span.last && span.last < fileSize)
        {
            FuzzInput.violated("a range granted lies inside the file", "\(range) of \(fileSize): \(span)")
        }
    }
    let host = lines.count > 2 ? lines[2] : date
    for listening in ["127.0.0.1", "0.0.0.0", "::", "localhost"] {
        _ = HostPolicy(listeningOn: listening).accepts(host, port: 8000)
    }
    return 0
}
