/// What a media file holds, which decides the port that reads it.
package enum MediaKind: String, Sendable, Hashable, CaseIterable {
    /// A picture a browser can show once resized (JPEG, PNG, HEIF…).
    case photo
    /// A camera's raw sensor data (CR2, DNG, NEF…), which needs developing first.
    case raw
    /// A clip (MP4, MOV, MKV…).
    case video
}
