/// What reading a photo's header and EXIF tells us, before any pixel is decoded.
public struct PhotoInfo: Sendable, Hashable, Codable {
    public var format: ImageFormat
    /// The size of the stored pixels, before orientation.
    public var storedSize: PixelSize
    public var orientation: Orientation
    public var metadata: PhotoMetadata

    public init(
        format: ImageFormat, storedSize: PixelSize, orientation: Orientation = .up,
        metadata: PhotoMetadata = PhotoMetadata()
    ) {
        self.format = format
        self.storedSize = storedSize
        self.orientation = orientation
        self.metadata = metadata
    }

    /// The size as the viewer sees it, the right way up.
    public var uprightSize: PixelSize { storedSize.oriented(by: orientation) }
}
