import TesseraCore

extension ProbeReport {
    /// Frames wider or taller than this are refused before any decoding (8K is 7680).
    static let largestSide = 16384

    /// The facts Tessera publishes by, from the first picture stream (cover art is not one)
    /// and the first audio stream ffmpeg knows.
    ///
    /// - Throws: `VideoProblem.noVideoStream`, or `.unsupported` for a codec ffmpeg does
    ///   not know or a frame beyond `largestSide`.
    func videoInfo() throws(VideoProblem) -> VideoInfo {
        let pictures = streams.filter { $0.codecType == "video" && !$0.isAttachedPicture }
        guard let first = pictures.first else {
            throw streams.isEmpty ? .notAVideo(detail: "no streams") : .noVideoStream
        }
        guard let stream = pictures.first(where: Self.isUsable), let index = stream.index else {
            guard let codec = first.codecName, !codec.isEmpty, codec != "none" else {
                throw .unsupported("a video codec this ffmpeg does not know")
            }
            guard let width = first.width, let height = first.height, width > 0, height > 0, first.index != nil
            else { throw .notAVideo(detail: "the video stream has no frame size") }
            throw .unsupported("frames of \(width)×\(height) (at most \(Self.largestSide) px a side)")
        }
        let codec = stream.codecName ?? ""
        let width = stream.width ?? 0
        let height = stream.height ?? 0
        let base = FrameRate.parse(stream.baseFrameRate)
        let average = FrameRate.parse(stream.averageFrameRate)
        let video = VideoStreamInfo(
            index: index, codec: codec, profile: stream.profile, pixelFormat: stream.pixelFormat,
            frameRate: average ?? base, isVariableFrameRate: FrameRate.isVariable(base: base, average: average),
            transfer: VideoTransfer(ffprobeName: stream.colorTransfer), transferName: stream.colorTransfer,
            primaries: stream.colorPrimaries, matrix: stream.colorSpace, range: stream.colorRange,
            bitRate: stream.bitRate.flatMap { $0 > 0 ? $0 : nil },
            isInterlaced: ["tt", "bb", "tb", "bt"].contains(stream.fieldOrder ?? ""))
        let audio = streams.first {
            $0.codecType == "audio" && $0.codecName.map { !$0.isEmpty && $0 != "none" } == true
        }
        .flatMap { sound in
            sound.index.map {
                AudioStreamInfo(
                    index: $0, codec: sound.codecName ?? "", profile: sound.profile,
                    channels: sound.channels.flatMap { $0 > 0 ? $0 : nil },
                    sampleRate: sound.sampleRate.flatMap { $0 > 0 ? $0 : nil })
            }
        }
        let duration = [format?.duration, stream.duration].compactMap { $0 }.first { $0 >= 0 && $0 < 1e7 }
        return VideoInfo(
            container: format?.name ?? "", duration: duration, codedSize: PixelSize(width: width, height: height),
            sampleAspectRatio: Self.pixelAspect(stream.sampleAspectRatio),
            rotation: DisplayRotation.clockwise(of: stream),
            video: video, audio: audio, recorded: recordingDate(video: stream), locationTags: locationTags(),
            bitRate: format?.bitRate.flatMap { $0 > 0 ? $0 : nil })
    }

    /// A picture stream ffmpeg can map and decode, of a size Tessera takes.
    static func isUsable(_ stream: ProbeStream) -> Bool {
        guard let index = stream.index, index >= 0, let codec = stream.codecName, !codec.isEmpty, codec != "none",
            let width = stream.width, let height = stream.height
        else { return false }
        return (1...largestSide).contains(width) && (1...largestSide).contains(height)
    }

    /// `sample_aspect_ratio` as `8:9`; nil when square, unknown (`0:1`, `N/A`) or absurd
    /// (beyond 1:8 or 8:1, which no camera makes).
    static func pixelAspect(_ text: String?) -> AspectRatio? {
        guard let parts = text?.split(separator: ":", omittingEmptySubsequences: false), parts.count == 2,
            let numerator = Int(parts[0]), let denominator = Int(parts[1]),
            let ratio = AspectRatio(numerator: numerator, denominator: denominator), !ratio.isSquare
        else { return nil }
        let value = Double(numerator) / Double(denominator)
        return value >= 0.125 && value <= 8 ? ratio : nil
    }

    /// QuickTime's local creation date if there is one, else the container's (or the
    /// video stream's) `creation_time`.
    func recordingDate(video stream: ProbeStream) -> RecordingDate? {
        let formatTags = format?.tags ?? [:]
        if let text = Self.tag("com.apple.quicktime.creationdate", in: formatTags),
            let date = ContainerDate.parse(text, source: .quickTimeCreationDate)
        {
            return date
        }
        for tags in [formatTags, stream.tags] {
            if let text = Self.tag("creation_time", in: tags),
                let date = ContainerDate.parse(text, source: .creationTime)
            {
                return date
            }
        }
        return nil
    }

    /// The names of every tag, in the container or any stream, that records a place.
    func locationTags() -> [String] {
        var names = Set<String>()
        for tags in [format?.tags ?? [:]] + streams.map(\.tags) {
            for key in tags.keys where Self.isLocation(key) {
                names.insert(String(key.prefix(80)))
            }
        }
        return names.sorted()
    }

    /// `location`, `location-eng`, `com.apple.quicktime.location.ISO6709`, `©xyz`, `gps…`.
    static func isLocation(_ key: String) -> Bool {
        let name = key.lowercased()
        return name.contains("location") || name.contains("gps") || name.contains("6709") || name.hasSuffix("xyz")
    }

    static func tag(_ name: String, in tags: [String: String]) -> String? {
        tags.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}
