/// What reading a photo's header and EXIF tells us, before any pixel is decoded.
package struct PhotoInfo: Sendable, Hashable, Codable {
    package var format: MediaFormat
    /// The size of the stored pixels, before orientation.
    package var storedSize: PixelSize
    package var orientation: Orientation
    package var metadata: PhotoMetadata {
        get { shared.value }
        set { shared = SharedValue(newValue) }
    }
    /// The metadata, held once for every copy of this header (`SharedValue`): 13 texts
    /// inline made each copy 256 bytes.
    private var shared: SharedValue<PhotoMetadata>

    package init(
        format: MediaFormat, storedSize: PixelSize, orientation: Orientation = .up,
        metadata: PhotoMetadata = PhotoMetadata()
    ) {
        self.format = format
        self.storedSize = storedSize
        self.orientation = orientation
        self.shared = SharedValue(metadata)
    }

    /// What the file holds, from its format (computed: no stored field, so image
    /// fingerprints and the manifest are untouched).
    var kind: MediaKind { format.kind }

    /// This header as the recipes of the files made from the photo hold it: without the
    /// clock's offset, which dates pages, not files (so a photo read before offsets were
    /// recorded keeps its images and original).
    var inRecipes: PhotoInfo {
        guard metadata.utcOffsetMinutes != nil else { return self }
        var kept = self
        kept.metadata.utcOffsetMinutes = nil
        return kept
    }

    /// The size as the viewer sees it, the right way up.
    var uprightSize: PixelSize { storedSize.oriented(by: orientation) }
}

extension PhotoInfo {
    // Coded as the four fields it had before the metadata was shared: the manifest and
    // every fingerprint made from a header stay as they were.
    private enum CodingKeys: String, CodingKey {
        case format, storedSize, orientation
        case shared = "metadata"
    }
}
