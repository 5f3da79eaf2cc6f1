import Foundation
import TesseraCore

/// The image work behind Core's `ImageProcessing` port, in the order of this module's
/// folders (libgd is only one of the C libraries it uses):
/// - `Probe/`: a photo's header without decoding pixels: its size, orientation and where
///   its EXIF, XMP and IPTC blocks are; a damaged PNG, GIF or TIFF structure is refused here;
/// - `Text/`: the camera's notes (libexif, never GPS), XMP titles and descriptions
///   (exempi) and IPTC-IIM captions (libiptcdata) into the photo's metadata;
/// - `Decode/`: once per photo, into luma and chroma planes: JPEG with libjpeg-turbo,
///   scaled while decoding, AVIF and HEIF with libheif, 16-bit PNG with libpng, every other
///   format with libgd, camera raws with LibRaw (`Raw/`); what a decoder says when it gives up becomes a `PhotoProblem`;
/// - `Colour/`: an embedded ICC profile found and the picture converted to sRGB (Little CMS);
/// - `Resize/`: each size resized once, from the decoded planes or from a size already
///   made at a whole multiple of it (luma by Lanczos-3, chroma by area averaging), and
///   turned upright;
/// - `Encode/`: the same planes as JPEG (libjpeg-turbo), WebP (libwebp) and AVIF (libavif),
///   without metadata.
///
/// `Sample/` draws the sample album's photos (`tessera sample`). Safe to call from several
/// threads at once; each call owns its images. The C libraries run in the calling process;
/// a build runs this pipeline in worker processes (`Isolation/`: `ImagingWorkers`), so
/// that one crashing costs a photo, not the build.
/// Every call is given the build's `PixelBudget`: a photo over it is refused from its
/// header, and again if its decoded picture is larger than the header said.
package struct ImagePipeline: ImageProcessing {
    package init() {
        GDErrorCapture.silenceLibGD()
    }

    /// Reads size, orientation and camera notes from the header, decoding no pixels.
    package func inspect(_ file: URL, format: MediaFormat, budget: PixelBudget) throws(PhotoProblem) -> PhotoInfo {
        if format == .avif || format == .heif { return try inspectHEIF(file, format: format, budget: budget) }
        if format.kind == .raw { return try inspectRaw(file, format: format, budget: budget) }
        var bytes = try FileBytes.read(file, upTo: Self.probeLength)
        var outcome = try HeaderProbe.probe(bytes, format: format)
        if case .needsMoreBytes = outcome, bytes.count == Self.probeLength {
            bytes = try FileBytes.read(file)
            outcome = try HeaderProbe.probe(bytes, format: format)
        }
        guard case .header(var header) = outcome else { throw .truncated(format) }
        if bytes.count == Self.probeLength { header.findEmbeddedText(inWhole: file, format: format) }
        guard let size = header.size else { throw .corrupt(format, detail: DecoderVerdict.Detail.missingHeader) }
        try Self.check(size, format: format, budget: budget)

        var info = PhotoInfo(format: format, storedSize: size)
        if let block = header.exif {
            let exif = ExifReader(block: block)
            info.metadata = exif.metadata
            info.orientation = exif.orientation
        }
        info.metadata.addEmbeddedText(from: header)
        if let orientation = header.orientation { info.orientation = orientation }
        return info
    }

    /// AVIF and HEIF: libheif reads the boxes and reports the size after the image's own
    /// crop, turn and mirror. The orientation stays `.up`: the decoded pixels are already
    /// upright, so EXIF's tag would turn them twice.
    private func inspectHEIF(
        _ file: URL, format: MediaFormat, budget: PixelBudget
    ) throws(PhotoProblem) -> PhotoInfo {
        let heif = try HEIFFile(file, format: format)
        // The size before HDR: a huge HDR photo is named too large, as before.
        try Self.check(heif.size, format: format, budget: budget)
        // Shown as sRGB it would be washed out or dark: skipped with a reason instead.
        if heif.isHighDynamicRange { throw .unsupported("HDR \(format.displayName) (PQ or HLG transfer)") }
        var info = PhotoInfo(format: format, storedSize: heif.size)
        if let exif = heif.exif { info.metadata = ExifReader(block: exif).metadata }
        info.metadata.addEmbeddedText(from: ProbedHeader(xmpPacket: heif.xmp))
        return info
    }

    /// Camera raws: LibRaw reads the maker's structure and reports the developed size after
    /// the camera's turn, which it applies when developing; the orientation stays `.up`.
    private func inspectRaw(_ file: URL, format: MediaFormat, budget: PixelBudget) throws(PhotoProblem) -> PhotoInfo {
        let bytes = try FileBytes.read(file)
        let raw = try RawFile.open(bytes, format: format)
        try Self.check(raw.size, format: format, budget: budget)
        let clock = Self.rawClock(bytes, libRawDate: raw.dateTaken)
        return PhotoInfo(
            format: format, storedSize: raw.size,
            metadata: raw.metadata(dateTaken: clock.dateTaken, utcOffsetMinutes: clock.utcOffsetMinutes))
    }

    /// The camera's clock as a TIFF-structured raw (DNG, NEF, CR2, ARW, PEF) records it,
    /// read from its first megabyte as a TIFF's EXIF is, for the date LibRaw read:
    /// - the offset beside it (`OffsetTimeOriginal`), which LibRaw does not give;
    /// - the reading itself, which LibRaw gives as seconds made with `mktime` in the
    ///   build's time zone: a photo taken in the hour that zone skips when its clocks go
    ///   forward (02:30 in Paris on the last Sunday of March) came back an hour late.
    /// Another raw, or an EXIF date that is not LibRaw's, keeps LibRaw's date alone.
    static func rawClock(_ bytes: [UInt8], libRawDate: String?) -> (dateTaken: String?, utcOffsetMinutes: Int?) {
        guard let libRawDate, bytes.count >= 8,
            bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
        else { return (libRawDate, nil) }
        let exif = ExifReader(block: HeaderProbe.exifSignature + bytes.prefix(1 << 20))
        guard let date = exif.dateTaken, date == libRawDate || RawFile.localRoundTrip(date) == libRawDate else {
            return (libRawDate, nil)
        }
        return (date, exif.utcOffsetMinutes)
    }

    /// The `Exif` item of a HEIF, as libheif gives it (`HEIFFile.exif`).
    package func exifBlock(ofHEIF file: URL) -> [UInt8]? {
        (try? HEIFFile(file, format: .heif))?.exif
    }

    package func inflatePNGText(_ zlib: UnsafeRawBufferPointer, limit: Int) -> [UInt8]? {
        PNGTextInflation.inflate(zlib, limit: limit)
    }

    /// Decodes once and encodes each rendition in its format without metadata, at the
    /// request's quality for that format.
    package func makeRenditions(
        of file: URL, info: PhotoInfo, renditions: [Rendition], request: RenditionRequest, budget: PixelBudget
    ) throws(PhotoProblem) -> (images: [[UInt8]], notes: [String]) {
        var notes: [String] = []
        let images = try render(
            file, info: info, sizes: renditions.map(\.size), formats: renditions.map(\.format),
            quality: request.quality(for:), avif: request.avifEncoding ?? .standard, budget: budget,
            note: { notes.append($0) })
        return (images, notes)
    }

    /// Decodes once, then for each size (largest first, each from the previous) resizes,
    /// turns upright and encodes a JPEG without metadata.
    package func render(
        _ file: URL, info: PhotoInfo, sizes: [PixelSize], quality: Int, budget: PixelBudget
    )
        throws(PhotoProblem) -> [[UInt8]]
    {
        try render(
            file, info: info, sizes: sizes, formats: sizes.map { _ in .jpeg }, quality: { _ in quality },
            avif: .standard, budget: budget)
    }

    /// Decodes once, then for each distinct size (largest first, each from the previous)
    /// resizes and turns upright once, and encodes that picture in every format asked of
    /// that size: the same pixels in JPEG, WebP and AVIF (AVIF as `avif` says).
    func render(
        _ file: URL, info: PhotoInfo, sizes: [PixelSize], formats: [RenditionFormat],
        quality: (RenditionFormat) -> Int, avif: AVIFEncoding, budget: PixelBudget, note: ((String) -> Void)? = nil
    )
        throws(PhotoProblem) -> [[UInt8]]
    {
        guard !sizes.isEmpty else { return [] }
        try Self.check(info.storedSize, format: info.format, budget: budget)
        for size in sizes where size.width < 1 || size.height < 1 {
            throw .unsupported("an output size of \(size)")
        }
        let orientation = info.orientation
        let order = sizes.indices.sorted { sizes[$0].pixelCount > sizes[$1].pixelCount }
        let largest = sizes[order[0]].oriented(by: orientation)

        let decoded = try PhotoDecoder.decode(
            file, format: info.format, covering: largest, budget: budget, note: note)
        try Self.check(decoded.size, format: info.format, budget: budget)

        // A screenshot or diagram keeps its text sharp (`FlatGraphic`).
        let flat = FlatGraphic.isFlat(decoded, format: info.format)
        func encoded(_ format: RenditionFormat) -> Int {
            flat ? FlatGraphic.quality(quality(format), for: format) : quality(format)
        }
        var outputs = [[UInt8]](repeating: [], count: sizes.count)
        // Stored-orientation pictures made so far, largest first.
        var made: [YCbCrImage] = []
        var upright: (size: PixelSize, image: YCbCrImage)?
        for index in order {
            if upright?.size != sizes[index] {
                let stored = sizes[index].oriented(by: orientation)
                let image = Self.source(for: stored, decoded: decoded, made: made).resized(to: stored)
                made.append(image)
                upright = (sizes[index], image.upright(from: orientation))
            }
            let picture = upright!.image
            let format = formats[index]
            switch format {
            case .jpeg: outputs[index] = try JPEGEncoder.encode(picture, quality: encoded(format))
            case .webp: outputs[index] = try WebPEncoder.encode(picture, quality: encoded(format))
            case .avif: outputs[index] = try AVIFEncoder.encode(picture, quality: encoded(format), encoding: avif)
            }
        }
        return outputs
    }

    /// What a picture of `size` is resampled from, so that no pixels are made twice and
    /// none is softened by a chain of filters: a picture already made at a whole multiple
    /// (2× or more, each side within a pixel of it: 720 → 360 → 180 px tall), else the
    /// decoded image itself.
    static func source(for size: PixelSize, decoded: YCbCrImage, made: [YCbCrImage]) -> YCbCrImage {
        for image in made.reversed() {
            let factor = (Double(image.size.height) / Double(size.height)).rounded()
            guard factor >= 2 else { continue }
            let k = Int(factor)
            if abs(image.size.width - k * size.width) <= 1, abs(image.size.height - k * size.height) <= 1 {
                return image
            }
        }
        return decoded
    }

    /// Enough for any ordinary header with its EXIF block (at most 64 KiB) and an ICC profile.
    static let probeLength = 256 * 1024

    /// The largest side any format we read can plausibly have.
    static let maxSide = 1 << 20

    /// A size no photo can have is corrupt; a possible one over `budget` is too large.
    static func check(_ size: PixelSize, format: MediaFormat, budget: PixelBudget) throws(PhotoProblem) {
        guard size.width > 0, size.height > 0 else {
            throw .corrupt(format, detail: DecoderVerdict.Detail.impossibleSize(size))
        }
        guard size.width <= Self.maxSide, size.height <= Self.maxSide else {
            throw .corrupt(format, detail: DecoderVerdict.Detail.impossibleSize(size))
        }
        try budget.check(size)
    }
}
