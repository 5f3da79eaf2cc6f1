import Foundation
import Synchronization
import TesseraCore

/// An `ImageProcessing` without pixels, so the build's rules can be tested in process and
/// fast. A fake photo is a file that starts like a JPEG and then states its header as JSON
/// (see `FakeImaging.photo`); its renditions are short texts naming the photo's content
/// and the size asked for. A photo whose text contains `BROKEN` fails to decode; one whose
/// text has `NOTE:` is made with the rest of that line as a note (as the real port notes a
/// camera raw developed although it has a preview).
package final class FakeImaging: ImageProcessing {
    private let calls = Mutex<[String]>([])

    package init() {}

    /// The bytes of a fake photo with this header.
    package static func photo(_ info: PhotoInfo, note: String = "") -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return MagicBytes.jpeg + Array((try! encoder.encode(info))) + Array("\n\(note)".utf8)
    }

    /// The bytes of a fake photo of this size, with an EXIF caption.
    package static func photo(
        width: Int, height: Int, orientation: Orientation = .up, caption: String? = nil, note: String = ""
    ) -> [UInt8] {
        photo(
            PhotoInfo(
                format: .jpeg, storedSize: PixelSize(width: width, height: height), orientation: orientation,
                metadata: PhotoMetadata(caption: caption)),
            note: note)
    }

    /// The files whose renditions were made, one entry per decode, in no particular order.
    package var decoded: [String] { calls.withLock { $0 } }

    /// The header the fake photo states; the build holds it to `budget` itself.
    package func inspect(_ file: URL, format: MediaFormat, budget: PixelBudget) throws(PhotoProblem) -> PhotoInfo {
        guard let data = try? Data(contentsOf: file), data.count > MagicBytes.jpeg.count else { throw .notAnImage }
        let body = data.dropFirst(MagicBytes.jpeg.count)
        let json = body.prefix { $0 != UInt8(ascii: "\n") }
        guard let info = try? JSONDecoder().decode(PhotoInfo.self, from: Data(json)) else {
            throw .corrupt(.jpeg, detail: "damaged header")
        }
        return info
    }

    /// A fake photo has no EXIF block.
    package func exifBlock(ofHEIF file: URL) -> [UInt8]? { nil }

    /// No zlib here: the fake's "compressed" text is the text itself.
    package func inflatePNGText(_ zlib: UnsafeRawBufferPointer, limit: Int) -> [UInt8]? {
        zlib.count <= limit ? Array(zlib) : nil
    }

    package func makeRenditions(
        of file: URL, info: PhotoInfo, renditions: [Rendition], request: RenditionRequest, budget: PixelBudget
    ) throws(PhotoProblem) -> (images: [[UInt8]], notes: [String]) {
        guard let data = try? Data(contentsOf: file) else { throw .unreadable("gone") }
        calls.withLock { $0.append(file.lastPathComponent) }
        if String(decoding: data, as: UTF8.self).contains("BROKEN") {
            throw .corrupt(.jpeg, detail: "damaged image data")
        }
        let images = renditions.map { rendition in
            Array(
                "\(rendition.size) \(rendition.format) q\(request.quality(for: rendition.format)) of \(FakeDigest.of(data))"
                    .utf8)
        }
        let text = String(decoding: data, as: UTF8.self)
        let notes = text.range(of: "NOTE:").map { [String(text[$0.upperBound...].prefix { $0 != "\n" })] } ?? []
        return (images, notes)
    }
}
