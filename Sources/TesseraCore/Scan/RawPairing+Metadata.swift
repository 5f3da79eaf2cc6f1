extension RawPairing {
    /// Whether a picture lacks any of the camera's notes a RAW of the same shot may hold,
    /// its clock's offset among them (an exported JPEG may have lost it).
    static func lacksCameraNotes(_ metadata: PhotoMetadata) -> Bool {
        cameraNotes.contains { metadata[keyPath: $0] == nil } || metadata.iso == nil
            || metadata.utcOffsetMinutes == nil
    }

    /// The picture's notes, each camera field it lacks taken from the RAW: the picture's
    /// own (what the photographer's export wrote) always win.
    static func metadata(of picture: PhotoMetadata, filledFrom raw: PhotoMetadata) -> PhotoMetadata {
        var filled = picture
        for field in cameraNotes where filled[keyPath: field] == nil { filled[keyPath: field] = raw[keyPath: field] }
        if filled.iso == nil { filled.iso = raw.iso }
        // The clock's offset belongs to the time it was recorded with.
        if filled.utcOffsetMinutes == nil, filled.dateTaken == raw.dateTaken {
            filled.utcOffsetMinutes = raw.utcOffsetMinutes
        }
        return filled
    }

    /// Date, camera, lens and exposure: what a camera writes in both files of a shot.
    private static var cameraNotes: [WritableKeyPath<PhotoMetadata, String?>] {
        [
            \.dateTaken, \.cameraMake, \.cameraModel, \.lens, \.exposure, \.aperture, \.focalLength,
        ]
    }
}
