import Foundation

/// The photo port: the image work the build needs, declared here so the domain stays
/// testable without libgd. It is handed only formats whose `MediaFormat` row is readable
/// and of kind `.photo`; Core's scan and read stage refuse the rest (camera raws,
/// videos), and a video or RAW port would be a port of its own.
///
/// `TesseraImaging` provides the real implementation (`ImagePipeline`).
package protocol ImageProcessing: Sendable {
    /// Reads a photo's size, orientation and EXIF from its header, decoding no pixels.
    ///
    /// - Throws: `PhotoProblem` when the file is not a readable photo.
    func inspect(_ file: URL, format: MediaFormat) throws(PhotoProblem) -> PhotoInfo

    /// Decodes the photo once, turns it upright and encodes each rendition, without metadata.
    ///
    /// - Parameters:
    ///   - renditions: upright sizes and formats, largest first; none larger than the photo.
    ///   - request: the encoding settings all renditions share (quality, colour).
    /// - Returns: the encoded bytes, one per rendition, in the same order.
    /// - Throws: `PhotoProblem` when decoding fails (corrupt or truncated data).
    func makeRenditions(
        of file: URL, info: PhotoInfo, renditions: [Rendition], request: RenditionRequest
    )
        throws(PhotoProblem) -> [[UInt8]]
}
