// The video engine as bench/video.py times it, before the build is wired to it:
//   VideoBench probe CLIP
//   VideoBench plan|transcode CLIP OUT.mp4 [--longest-edge N] [--crf N] [--preset P] [--motion] [--no-remux]
//   VideoBench poster CLIP OUT.png
// Prints JSON on standard output; exits 1 with the problem on standard error.
import Foundation
import TesseraCore
import TesseraVideo

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("VideoBench: \(message)\n".utf8))
    exit(1)
}

func printJSON<Value: Encodable>(_ value: Value) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(value) else { fail("cannot encode the result") }
    print(String(decoding: data, as: UTF8.self))
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { fail("usage: VideoBench probe|plan|transcode|poster CLIP [OUT] [options]") }
let command = arguments.removeFirst()
let clip = URL(fileURLWithPath: arguments.removeFirst())
var rendition = VideoRendition.web
var output: URL?
while let argument = arguments.first {
    arguments.removeFirst()
    func value() -> String {
        guard !arguments.isEmpty else { fail("\(argument) needs a value") }
        return arguments.removeFirst()
    }
    switch argument {
    case "--longest-edge": rendition.longestEdge = Int(value()) ?? rendition.longestEdge
    case "--crf": rendition.crf = Int(value()) ?? rendition.crf
    case "--preset": rendition.preset = value()
    case "--motion": rendition = .motion
    case "--no-remux": rendition.allowsRemux = false
    default: output = URL(fileURLWithPath: argument)
    }
}

let processor = FFmpegVideoProcessor()
do throws(VideoProblem) {
    let info = try processor.probe(clip)
    switch command {
    case "probe":
        printJSON(info)
    case "plan", "transcode":
        guard let output else { fail("\(command) needs an output file") }
        if command == "plan" {
            let plan = try TranscodePlan.make(
                source: clip, info: info, rendition: rendition, output: output,
                capabilities: try processor.capabilities())
            print((["ffmpeg"] + plan.arguments).joined(separator: " "))
        } else {
            printJSON(
                try processor.transcode(
                    clip, info: info, to: rendition, output: output, progress: nil, cancellation: nil))
        }
    case "poster":
        guard let output else { fail("poster needs an output file") }
        printJSON(
            try processor.posterFrame(
                of: clip, info: info, request: PosterRequest(), output: output, cancellation: nil))
    default:
        fail("unknown command \(command)")
    }
} catch {
    fail("\(clip.lastPathComponent): \(error)")
}
