import Foundation
import TesseraCore

/// What a build asks an imaging worker, and the worker's side of the conversation: one
/// `ImagePipeline` in its own process answering requests until its input ends.
///
/// A request is one frame (`Frame`) of JSON; an answer is a frame of JSON (`Answer`), then a
/// frame of bytes: the encoded renditions one after another, or an EXIF block.
enum ImagingWorkerMessage {
    /// One job for a worker: `ImageProcessing`'s three calls.
    enum Request: Codable {
        case inspect(path: String, format: MediaFormat, budget: PixelBudget)
        case render(
            path: String, info: PhotoInfo, renditions: [Rendition], request: RenditionRequest, budget: PixelBudget)
        case exif(path: String)
    }

    /// A worker's answer, before its bytes.
    struct Answer: Codable, Equatable {
        /// `inspect`'s result.
        var info: PhotoInfo?
        /// `render`'s images: the byte count of each, in order, in the bytes that follow.
        var imageLengths: [Int]?
        /// `exif`'s result: whether the bytes that follow are the block (none is not empty).
        var hasEXIF: Bool?
        var notes: [String] = []
        /// Why the pipeline refused, as it would have said it in the build's process.
        var problem: PhotoProblem?
    }

    /// The worker's side: answers requests read from `input` on `output` until `input`
    /// ends (the build is done, or gone). Both are the socket `WorkerProcess` made.
    static func serve(input: Int32 = 0, output: Int32 = 1) {
        let pipeline = ImagePipeline()
        while let request = Frame.receive(from: input, limit: requestLimit) {
            let (answer, payload) = respond(to: request, with: pipeline)
            let json = (try? JSONEncoder().encode(answer)).map { [UInt8]($0) } ?? []
            guard Frame.send(Frame.encode(json) + Frame.encode(payload), to: output) else { return }
        }
    }

    /// The answer to one request's bytes, worked out in this process.
    static func respond(to bytes: [UInt8], with pipeline: ImagePipeline) -> (Answer, [UInt8]) {
        guard let request = try? JSONDecoder().decode(Request.self, from: Data(bytes)) else {
            return (Answer(problem: .unsupported("an imaging worker request it cannot read")), [])
        }
        return respond(to: request, with: pipeline)
    }

    /// The answer to `request`, worked out in this process.
    static func respond(to request: Request, with pipeline: ImagePipeline) -> (Answer, [UInt8]) {
        do throws(PhotoProblem) {
            switch request {
            case .inspect(let path, let format, let budget):
                let info = try pipeline.inspect(URL(fileURLWithPath: path), format: format, budget: budget)
                return (Answer(info: info), [])
            case .render(let path, let info, let renditions, let request, let budget):
                let (images, notes) = try pipeline.makeRenditions(
                    of: URL(fileURLWithPath: path), info: info, renditions: renditions, request: request,
                    budget: budget)
                return (Answer(imageLengths: images.map(\.count), notes: notes), images.flatMap { $0 })
            case .exif(let path):
                let block = pipeline.exifBlock(ofHEIF: URL(fileURLWithPath: path))
                return (Answer(hasEXIF: block != nil), block ?? [])
            }
        } catch {
            return (Answer(problem: error), [])
        }
    }

    /// The largest request a worker reads: a request is a path and a photo's header.
    static let requestLimit = 64 << 20
}
