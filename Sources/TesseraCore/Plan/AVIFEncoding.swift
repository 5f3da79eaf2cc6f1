/// How AVIF images are encoded beyond their quality: libavif's speed and the libaom options
/// it passes on. Every AVIF image's recipe holds it (`RenditionRequest.only(_:)`), so a
/// change here makes the AVIFs again, and only them.
package struct AVIFEncoding: Sendable, Hashable, Codable {
    /// One libaom option, by the name `aomenc` gives it.
    package struct CodecOption: Sendable, Hashable, Codable {
        package var name: String
        package var value: String

        init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// libavif's speed, 0 (slowest) to 10; libavif 0.11 gives libaom its all-intra usage
    /// with `cpu-used` at most 9, which is libaom's fastest for a still image (its realtime
    /// usage took 2.7× as long on the same pictures).
    package var speed: Int
    /// Passed to libaom in order through `avifEncoderSetCodecSpecificOption`.
    package var codecOptions: [CodecOption]

    init(speed: Int, codecOptions: [CodecOption] = []) {
        self.speed = speed
        self.codecOptions = codecOptions
    }

    /// What Tessera encodes with, measured on `make bench`'s photos (README, "Modern
    /// formats"): at speed 9, libaom's trellis quantisation costs 13–15 % of the encoding
    /// time for files 1–3 % smaller and a mean SSIM 0–0.0005 higher, so it is off. Speed 8
    /// took 3.6× as long for files 0.4 % smaller; `aq-mode`, `deltaq-mode`, `enable-cdef`,
    /// tiles and other partition and transform options changed neither the time nor the
    /// bytes at speed 9, which sets them itself.
    package static let standard = AVIFEncoding(
        speed: 9, codecOptions: [CodecOption("disable-trellis-quant", "1")])
}
