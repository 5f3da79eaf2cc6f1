import Foundation

/// The photo port: the image work the build needs, declared here so the domain stays
/// testable without libgd. It is handed only formats whose `MediaFormat` row is readable:
/// photos, and camera raws (kind `.raw`), which it develops; Core's scan and read stage
/// refuse the rest (videos, which have a port of their own).
///
/// `TesseraImaging` provides the real implementation (`ImagePipeline`).
package protocol ImageProcessing: Sendable {
    /// Reads a photo's size, orientation and EXIF from its header, decoding no pixels.
    ///
    /// - Parameter budget: the pixel limit; a larger photo is refused from its header.
    /// - Throws: `PhotoProblem` when the file is not a readable photo, or is over `budget`.
    func inspect(_ file: URL, format: MediaFormat, budget: PixelBudget) throws(PhotoProblem) -> PhotoInfo

    /// Decodes the photo once, turns it upright and encodes each rendition, without metadata.
    ///
    /// - Parameters:
    ///   - renditions: upright sizes and formats, largest first; none larger than the photo.
    ///   - request: the encoding settings all renditions share (quality, colour).
    ///   - budget: the pixel limit, checked on the header and on the decoded picture.
    /// - Returns: the encoded bytes, one per rendition, in the same order, and what the user
    ///   should be told of how they were made (a camera raw developed although it has a
    ///   preview, and why), for `--verbose`.
    /// - Throws: `PhotoProblem` when decoding fails (corrupt or truncated data), or the
    ///   photo is over `budget`.
    func makeRenditions(
        of file: URL, info: PhotoInfo, renditions: [Rendition], request: RenditionRequest, budget: PixelBudget
    )
        throws(PhotoProblem) -> (images: [[UInt8]], notes: [String])

    /// The EXIF block of a HEIF still (its `Exif` item: `Exif\0\0`, then the TIFF
    /// structure), or nil when it has none or cannot be read; no pixels are decoded. The scan
    /// reads a Live Photo's content identifier from it (`AppleContentIdentifier.ofEXIF`),
    /// since a HEIF's EXIF lies where only its item table says.
    func exifBlock(ofHEIF file: URL) -> [UInt8]?

    /// Inflates the zlib stream of a PNG's compressed text chunk to at most `limit` bytes,
    /// for the metadata reader that looks into an original published as-is (zlib belongs
    /// to the imaging module); nil when the stream is damaged or inflates to more.
    func inflatePNGText(_ zlib: UnsafeRawBufferPointer, limit: Int) -> [UInt8]?
}
