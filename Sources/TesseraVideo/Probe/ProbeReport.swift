import Foundation
import TesseraCore

/// `ffprobe -print_format json -show_streams -show_format`, as far as Tessera reads it.
///
/// A parser of untrusted bytes: names and tag values are whatever the file holds. Every
/// field is optional and decoded on its own, so a strange value loses that value only;
/// `fuzz(_:)` is the entry point the fuzz harness calls (the type is `package` for it
/// alone; everything else in it is internal).
package struct ProbeReport: Decodable {
    var streams: [ProbeStream]
    var format: ProbeFormat?

    init(streams: [ProbeStream], format: ProbeFormat?) {
        self.streams = streams
        self.format = format
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        streams = container.list(AnyKey("streams"), of: ProbeStream.self)
        format = (try? container.decodeIfPresent(Lenient<ProbeFormat>.self, forKey: AnyKey("format")))??.value
    }

    /// Reads ffprobe's output; invalid UTF-8 becomes U+FFFD first, as ffprobe itself only
    /// passes on what the file holds.
    ///
    /// - Throws: `VideoProblem.notAVideo` when the bytes are not a JSON object.
    static func parse(_ bytes: [UInt8]) throws(VideoProblem) -> ProbeReport {
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            return try JSONDecoder().decode(ProbeReport.self, from: Data(text.utf8))
        } catch {
            throw .notAVideo(detail: "ffprobe's report could not be read")
        }
    }
}

/// One stream of the report.
struct ProbeStream: Decodable {
    var index: Int?
    var codecType: String?
    var codecName: String?
    var profile: String?
    var width: Int?
    var height: Int?
    var pixelFormat: String?
    var fieldOrder: String?
    var sampleAspectRatio: String?
    var baseFrameRate: String?
    var averageFrameRate: String?
    var duration: Double?
    var bitRate: Int?
    var colorTransfer: String?
    var colorPrimaries: String?
    var colorSpace: String?
    var colorRange: String?
    var channels: Int?
    var sampleRate: Int?
    var isAttachedPicture: Bool
    var tags: [String: String]
    var sideData: [ProbeSideData]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        index = container.integer(AnyKey("index"))
        codecType = container.text(AnyKey("codec_type"))
        codecName = container.text(AnyKey("codec_name"))
        profile = container.text(AnyKey("profile"))
        width = container.integer(AnyKey("width"))
        height = container.integer(AnyKey("height"))
        pixelFormat = container.text(AnyKey("pix_fmt"))
        fieldOrder = container.text(AnyKey("field_order"))
        sampleAspectRatio = container.text(AnyKey("sample_aspect_ratio"))
        baseFrameRate = container.text(AnyKey("r_frame_rate"))
        averageFrameRate = container.text(AnyKey("avg_frame_rate"))
        duration = container.number(AnyKey("duration"))
        bitRate = container.integer(AnyKey("bit_rate"))
        colorTransfer = container.text(AnyKey("color_transfer"))
        colorPrimaries = container.text(AnyKey("color_primaries"))
        colorSpace = container.text(AnyKey("color_space"))
        colorRange = container.text(AnyKey("color_range"))
        channels = container.integer(AnyKey("channels"))
        sampleRate = container.integer(AnyKey("sample_rate"))
        let disposition = container.tags(AnyKey("disposition"))
        isAttachedPicture = disposition["attached_pic"] == "1"
        tags = container.tags(AnyKey("tags"))
        sideData = container.list(AnyKey("side_data_list"), of: ProbeSideData.self)
    }
}

/// One entry of a stream's `side_data_list`; Tessera reads the display matrix's rotation.
struct ProbeSideData: Decodable {
    var type: String?
    /// ffprobe's counter-clockwise degrees.
    var rotation: Double?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        type = container.text(AnyKey("side_data_type"))
        rotation = container.number(AnyKey("rotation"))
    }
}

/// The report's `format` object.
struct ProbeFormat: Decodable {
    var name: String?
    var duration: Double?
    var bitRate: Int?
    var tags: [String: String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        name = container.text(AnyKey("format_name"))
        duration = container.number(AnyKey("duration"))
        bitRate = container.integer(AnyKey("bit_rate"))
        tags = container.tags(AnyKey("tags"))
    }
}
