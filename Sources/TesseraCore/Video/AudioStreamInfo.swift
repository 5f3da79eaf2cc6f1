/// The audio stream a rendition would carry.
package struct AudioStreamInfo: Sendable, Hashable, Codable {
    /// The stream's index in the file, as ffmpeg's `-map 0:N` counts.
    package var index: Int
    /// ffmpeg's codec name: `aac`, `pcm_s16le`, `opus`, `amr_nb` …
    var codec: String
    /// `LC`, `HE-AAC` …, when the codec has profiles.
    var profile: String?
    package var channels: Int?
    var sampleRate: Int?

    package init(index: Int, codec: String, profile: String? = nil, channels: Int? = nil, sampleRate: Int? = nil) {
        self.index = index
        self.codec = codec
        self.profile = profile
        self.channels = channels
        self.sampleRate = sampleRate
    }
}
