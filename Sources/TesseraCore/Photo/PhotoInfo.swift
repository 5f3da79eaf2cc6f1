/// What reading a photo's header and EXIF tells us, before any pixel is decoded.
package struct PhotoInfo: Sendable, Hashable, Codable {
    package var format: ImageFormat
    /// The size of the stored pixels, before orientation.
    package var storedSize: PixelSize
    package var orientation: Orientation
    package var metadata: PhotoMetadata

    package init(
        format: ImageFormat, storedSize: PixelSize, orientation: Orientation = .up,
        metadata: PhotoMetadata = PhotoMetadata()
    ) {
        self.format = format
        self.storedSize = storedSize
        self.orientation = orientation
        self.metadata = metadata
    }

    /// The size as the viewer sees it, the right way up.
    package var uprightSize: PixelSize { storedSize.oriented(by: orientation) }
}
