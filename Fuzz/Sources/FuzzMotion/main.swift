import FuzzSupport

@testable import TesseraCore

/// The motion readers of a still or a movie the scan and the read stage meet: a QuickTime
/// movie's boxes (`QuickTimeMovie`, the Live Photo decision), a Motion Photo's XMP and the
/// MP4 range it declares (`MotionPhoto`), an animated GIF's blocks (`GIFAnimation`). Checks
/// that a declared range lies inside the bytes, after the picture's first two, and starts
/// with an `ftyp` box; that a movie's duration is a number of seconds; and that the frame
/// count keeps to its limit; and that Apple's content identifier, read from a movie's
/// `moov`, a JPEG's head or an EXIF block (`AppleContentIdentifier`, the Live pairing's
/// check), is short text or nothing: from a HEIC, the EXIF block is what libheif gives of its
/// `Exif` item, so `ofEXIF` over any bytes covers it. The verifier's metadata reader
/// (`MediaMetadata`) reads the same bytes through the same box and TIFF readers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMotion(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput(data, size).bytes
    let read: (Int, Int) -> [UInt8] = { offset, count in
        guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
        return Array(bytes[offset..<(offset + min(count, bytes.count - offset))])
    }
    if let movie = QuickTimeMovie.summary(read), let duration = movie.duration {
        if !(duration.isFinite && duration >= 0) { FuzzInput.violated("a duration is seconds", "\(duration)") }
    }
    if case .success(let range)? = MotionPhoto.videoRange(read, fileSize: bytes.count) {
        guard range.lowerBound >= 2, range.upperBound <= bytes.count, !range.isEmpty else {
            FuzzInput.violated("a Motion Photo's video lies inside the file", "\(range) of \(bytes.count)")
        }
        if !bytes[(range.lowerBound + 4)..<(range.lowerBound + 8)].elementsEqual(Array("ftyp".utf8)) {
            FuzzInput.violated("a Motion Photo's video starts with ftyp", "\(range)")
        }
    }
    for identifier in [
        AppleContentIdentifier.ofMovie(moov: bytes), AppleContentIdentifier.ofJPEG(bytes),
        AppleContentIdentifier.ofEXIF(bytes),
    ] {
        if let identifier, identifier.isEmpty || identifier.utf8.count > 256 * 3 {
            FuzzInput.violated("a content identifier is short text", "\(identifier.utf8.count) bytes")
        }
    }
    // The verifier's reading of the same bytes takes the same box walk (`ISOBox`) and TIFF
    // directory reader (`TIFFDirectory`): it must end, inside the bytes. A PNG's compressed
    // text is "inflated" to itself, so its raw profile and XMP readers see the fuzzer's bytes.
    _ = bytes.withUnsafeBytes {
        MediaMetadata.findings(in: $0, inflate: { text, limit in text.count <= limit ? Array(text) : nil })
    }
    let frames = GIFAnimation.frameCount(bytes, limit: 16)
    if frames < 0 || frames > 16 { FuzzInput.violated("the frame count keeps to its limit", "\(frames)") }
    return 0
}
