import Foundation
import XCTest

@testable import TesseraCore
@testable import TesseraImaging

/// Thumbnails as sharp as a Lanczos resize, with Pillow (Debian's `python3-pil`) as the
/// judge: Pillow draws a detailed photo, Tessera makes the display image and
/// thumbnails of it, and Pillow compares each with its own `LANCZOS` resize of the
/// source to the same size.
final class SharpThumbnailTests: XCTestCase {
    /// Detail is the mean luma gradient (|∂x| + |∂y|), over that of a plain Pillow JPEG of
    /// the Lanczos resize at the same quality; a blurrier picture has less. The cells are 32×32: each one's PSNR against the uncompressed Lanczos resize, beside that
    /// of a plain Pillow JPEG of the resize at the same quality.
    func testEveryThumbnailKeepsLanczosDetailInEveryCell() throws {
        guard ColourFixture.pillowAvailable else { throw XCTSkip("Pillow (python3-pil) is not installed") }
        let folder = try FixtureFolder()
        let source = folder.url.appendingPathComponent("photo.jpg")
        try ColourFixture.run(["-c", Self.drawScript, source.path])
        let pipeline = ImagePipeline()
        let info = try pipeline.inspect(source, format: .jpeg)
        XCTAssertEqual(info.storedSize, PixelSize(width: 1500, height: 1000))
        // The display image (the photo's own size here), then the grid thumbnail at 2x, 1x
        // and 0.5x of a 360-px row, as a site at the default settings makes them, and a
        // 540-px one (once the 1.5x), from the decoded picture by a factor not whole.
        let sizes = [1000, 720, 540, 360, 180].map { PixelSize(width: $0 * 3 / 2, height: $0) }
        let quality = 90
        let outputs = try pipeline.render(source, info: info, sizes: sizes, quality: quality)
        var files: [String] = []
        for (size, bytes) in zip(sizes, outputs) {
            files.append(try folder.write(bytes, as: "\(size.width)x\(size.height).jpg").path)
        }
        let report = folder.url.appendingPathComponent("report.json")
        try ColourFixture.run(["-c", Self.judgeScript, source.path, String(quality), report.path] + files)
        let verdicts = try JSONDecoder().decode([Verdict].self, from: Data(contentsOf: report))
        XCTAssertEqual(verdicts.count, sizes.count)
        for verdict in verdicts {
            XCTAssertGreaterThanOrEqual(
                verdict.detail, 0.95, "\(verdict.name): \(verdict.detail) of Lanczos's detail")
            XCTAssertGreaterThanOrEqual(
                verdict.worstCellMargin, -3,
                "\(verdict.name): a 32×32 cell \(-verdict.worstCellMargin) dB under Pillow's JPEG of its Lanczos resize"
            )
        }
    }

    func testASolidValueStaysExactlyThatValue() {
        let sizes: [(PixelSize, PixelSize)] = [
            (PixelSize(width: 37, height: 23), PixelSize(width: 5, height: 3)),
            (PixelSize(width: 1000, height: 3), PixelSize(width: 333, height: 1)),
            (PixelSize(width: 1, height: 1), PixelSize(width: 4, height: 9)),
            (PixelSize(width: 2000, height: 20), PixelSize(width: 3, height: 3)),
            (PixelSize(width: 300, height: 200), PixelSize(width: 299, height: 199)),
        ]
        for value: UInt8 in [0, 1, 200, 255] {
            for (from, to) in sizes {
                let source = SamplePlane(width: from.width, height: from.height, repeating: value)
                let result = LanczosResampler.resample(source, region: from, to: to)
                XCTAssertEqual(result.size, to)
                XCTAssertEqual(Set(result.samples), [value], "\(from) → \(to)")
            }
        }
    }

    func testASmallerSizeIsMadeFromAWholeMultipleOrFromTheDecodedPicture() {
        func picture(_ width: Int, _ height: Int) -> YCbCrImage {
            YCbCrImage(
                size: PixelSize(width: width, height: height),
                luma: SamplePlane(width: width, height: height, repeating: 9), chroma: [])
        }
        let decoded = picture(1001, 667)
        let made = [picture(1081, 720), picture(811, 540), picture(541, 360)]
        // 180 px tall: from the 360-px one, half as large (not from the 540-px one, 3×).
        XCTAssertEqual(
            ImagePipeline.source(for: PixelSize(width: 270, height: 180), decoded: decoded, made: made).size,
            made[2].size)
        // 360 px tall from 720: twice, within a pixel.
        XCTAssertEqual(
            ImagePipeline.source(for: PixelSize(width: 541, height: 360), decoded: decoded, made: Array(made.prefix(2)))
                .size,
            made[0].size)
        // 540 from 720 is not a whole factor: the decoded picture.
        XCTAssertEqual(
            ImagePipeline.source(for: PixelSize(width: 811, height: 540), decoded: decoded, made: [made[0]]).size,
            decoded.size)
    }

    private struct Verdict: Decodable {
        var name: String
        var detail: Double
        var worstCellMargin: Double
    }

    /// A photo-like picture with detail at every scale: Pillow's Mandelbrot, fine stripes
    /// and text-like strokes, a soft gradient, and grain.
    private static let drawScript = #"""
        import random, sys
        from PIL import Image, ImageDraw, ImageFilter
        w, h = 1500, 1000
        random.seed(7)
        base = Image.effect_mandelbrot((w, h), (-2.2, -1.2, 1.0, 1.2), 120).convert("RGB")
        grad = Image.linear_gradient("L").resize((w, h))
        im = Image.merge("RGB", (base.getchannel(0), grad, Image.effect_noise((w, h), 40)))
        d = ImageDraw.Draw(im)
        for i in range(0, 300, 3):
            d.line([(900 + i, 60), (900 + i, 450)], fill=(250, 250, 240) if i % 2 else (20, 30, 40))
        for i in range(900):
            x, y = random.randrange(60, 840), random.randrange(570, 960)
            d.line([(x, y), (x + random.randrange(-12, 12), y + random.randrange(-12, 12))],
                   fill=(random.randrange(256), random.randrange(256), random.randrange(256)), width=1)
        im = Image.blend(im, im.filter(ImageFilter.SMOOTH), 0.3)
        im.save(sys.argv[1], quality=95, subsampling=0)
        """#

    /// For each image: its detail over Lanczos's, and the worst cell's PSNR margin.
    private static let judgeScript = #"""
        import io, json, math, sys
        from PIL import Image, ImageChops, ImageStat
        source = Image.open(sys.argv[1]).convert("RGB")
        quality, report = int(sys.argv[2]), sys.argv[3]
        def detail(im):
            a = im.convert("L")
            dx = ImageChops.difference(a, a.transform(a.size, Image.AFFINE, (1, 0, 1, 0, 1, 0)))
            dy = ImageChops.difference(a, a.transform(a.size, Image.AFFINE, (1, 0, 0, 0, 1, 1)))
            box = (0, 0, a.width - 1, a.height - 1)
            return ImageStat.Stat(dx.crop(box)).mean[0] + ImageStat.Stat(dy.crop(box)).mean[0]
        def cells(im, ref):
            out = []
            for y in range(0, ref.height - 31, 32):
                for x in range(0, ref.width - 31, 32):
                    box = (x, y, x + 32, y + 32)
                    diff = ImageChops.difference(im.crop(box), ref.crop(box))
                    mse = sum(v * v for v in ImageStat.Stat(diff).rms) / 3
                    out.append(10 * math.log10(255 * 255 / max(mse, 1e-6)))
            return out
        verdicts = []
        for path in sys.argv[4:]:
            ours = Image.open(path).convert("RGB")
            reference = source.resize(ours.size, Image.LANCZOS)
            buffer = io.BytesIO()
            reference.save(buffer, "JPEG", quality=quality)
            plain = Image.open(buffer).convert("RGB")
            margin = min(a - b for a, b in zip(cells(ours, reference), cells(plain, reference)))
            verdicts.append({"name": path.rsplit("/", 1)[-1], "detail": detail(ours) / detail(plain),
                             "worstCellMargin": margin})
        json.dump(verdicts, open(report, "w"))
        """#
}
