import CGD
import Foundation
import TesseraCore

/// Paints the sample album's photos: a soft gradient, a frame, an "up" triangle and a big
/// label, stored turned so that a viewer applying the EXIF orientation sees them upright.
package struct LibGDSamplePainter: SamplePainting {
    /// Uses DejaVu Sans Bold when installed, libgd's built-in giant font otherwise.
    package init() {
        GDErrorCapture.silenceLibGD()
    }

    /// A JPEG (quality 90) of `uprightSize` once `orientation` is applied, tagged with it.
    package func paintSample(
        uprightSize: PixelSize, label: String, hue: Double, orientation: Orientation
    ) throws -> [UInt8] {
        guard uprightSize.width >= 8, uprightSize.height >= 8 else {
            throw PhotoProblem.unsupported("a sample of \(uprightSize)")
        }
        let image = try GDImage.truecolor(uprightSize, for: .jpeg)
        paintGradient(image, hue: hue)
        let ink = Self.color(hue: hue, saturation: 0.45, lightness: 0.22)
        paintFrame(image, color: ink)
        paintUpMarker(image, color: ink)
        paintLabel(image, label, color: ink)
        let stored = try image.stored(for: orientation, format: .jpeg)
        let jpeg = try JPEGEncoder.encode(YCbCrImage(stored).resized(to: stored.size), quality: 90)
        return ExifOrientationTag.tagged(jpeg: jpeg, orientation: orientation)
    }

    private static let fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    /// libgd's FreeType font cache must be set up once before threads share it.
    private static let fontCacheReady: Bool = gdFontCacheSetup() == 0

    private func paintGradient(_ image: GDImage, hue: Double) {
        let size = image.size
        // Light at the top left, deeper at the bottom right; one colour per diagonal step.
        let steps = 256
        let palette = (0..<steps).map { i -> Int32 in
            let t = Double(i) / Double(steps - 1)
            return Self.color(hue: hue + 0.04 * t, saturation: 0.55, lightness: 0.80 - 0.30 * t)
        }
        let span = Double(size.width + size.height - 2)
        image.forEachRow { y, row in
            for x in 0..<row.count {
                let t = span > 0 ? Double(x + y) / span : 0
                row[x] = palette[min(steps - 1, Int(t * Double(steps - 1)))]
            }
        }
    }

    private func paintFrame(_ image: GDImage, color: Int32) {
        let size = image.size
        let inset = max(2, min(size.width, size.height) / 40)
        gdImageSetThickness(image.pointer, Int32(max(1, min(size.width, size.height) / 200)))
        gdImageRectangle(
            image.pointer, Int32(inset), Int32(inset), Int32(size.width - 1 - inset),
            Int32(size.height - 1 - inset), color)
        gdImageSetThickness(image.pointer, 1)
    }

    /// A triangle pointing up at the middle of the top edge: turned photos show it turned.
    private func paintUpMarker(_ image: GDImage, color: Int32) {
        let size = image.size
        let edge = max(4, min(size.width, size.height) / 8)
        let top = max(2, min(size.width, size.height) / 40) * 2
        let middle = size.width / 2
        var points = [
            gdPoint(x: Int32(middle), y: Int32(top)),
            gdPoint(x: Int32(middle + edge / 2), y: Int32(top + edge * 7 / 8)),
            gdPoint(x: Int32(middle - edge / 2), y: Int32(top + edge * 7 / 8)),
        ]
        points.withUnsafeMutableBufferPointer {
            gdImageFilledPolygon(image.pointer, $0.baseAddress, Int32($0.count), color)
        }
    }

    private func paintLabel(_ image: GDImage, _ label: String, color: Int32) {
        guard !label.isEmpty else { return }
        if FileManager.default.fileExists(atPath: Self.fontPath), Self.fontCacheReady,
            paintLabelWithFont(image, label, color: color)
        {
            return
        }
        paintLabelWithGiantFont(image, label, color: color)
    }

    private func paintLabelWithFont(_ image: GDImage, _ label: String, color: Int32) -> Bool {
        let size = image.size
        var points = Double(min(size.width, size.height)) * 0.22
        var box = [Int32](repeating: 0, count: 8)
        // Measure first (no image), then shrink to fit within 80% of the width.
        let (measured, _) = GDErrorCapture.collecting {
            gdImageStringFT(nil, &box, color, Self.fontPath, points, 0, 0, 0, label) == nil
        }
        guard measured else { return false }
        let width = Double(box[2] - box[0])
        if width > Double(size.width) * 0.8 { points *= Double(size.width) * 0.8 / width }
        let (fitted, _) = GDErrorCapture.collecting {
            gdImageStringFT(nil, &box, color, Self.fontPath, points, 0, 0, 0, label) == nil
        }
        guard fitted else { return false }
        let textWidth = Int(box[2] - box[0])
        let textHeight = Int(box[1] - box[7])
        let x = (size.width - textWidth) / 2 - Int(box[0])
        let y = (size.height + textHeight) / 2 - Int(box[1])
        gdImageAlphaBlending(image.pointer, 1)
        defer { gdImageAlphaBlending(image.pointer, 0) }
        let (drawn, _) = GDErrorCapture.collecting {
            gdImageStringFT(image.pointer, &box, color, Self.fontPath, points, 0, Int32(x), Int32(y), label)
                == nil
        }
        return drawn
    }

    /// The built-in 9×15 font drawn small, then scaled up onto the photo.
    private func paintLabelWithGiantFont(_ image: GDImage, _ label: String, color: Int32) {
        guard let font = gdFontGetGiant() else { return }
        let text = Array(label.utf8.map { $0 < 128 ? $0 : UInt8(ascii: "?") })
        let glyphWidth = Int(font.pointee.w)
        let glyphHeight = Int(font.pointee.h)
        let small = PixelSize(width: max(1, glyphWidth * text.count), height: glyphHeight)
        guard let layer = try? GDImage.truecolor(small, for: .jpeg) else { return }
        gdImageFilledRectangle(
            layer.pointer, 0, 0, Int32(small.width - 1), Int32(small.height - 1),
            Int32(gdAlphaTransparent) << 24)
        var cString = text.map { CChar(bitPattern: $0) } + [0]
        cString.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: UInt8.self) {
                gdImageString(layer.pointer, font, 0, 0, $0.baseAddress, color)
            }
        }
        let size = image.size
        let scale = min(
            Double(size.width) * 0.8 / Double(small.width),
            Double(size.height) * 0.3 / Double(small.height))
        let w = Int(Double(small.width) * scale)
        let h = Int(Double(small.height) * scale)
        gdImageAlphaBlending(image.pointer, 1)
        defer { gdImageAlphaBlending(image.pointer, 0) }
        gdImageCopyResampled(
            image.pointer, layer.pointer, Int32((size.width - w) / 2), Int32((size.height - h) / 2),
            0, 0, Int32(w), Int32(h), Int32(small.width), Int32(small.height))
    }

    /// An opaque gd truecolor value from hue (0–1, wraps), saturation and lightness.
    static func color(hue: Double, saturation s: Double, lightness l: Double) -> Int32 {
        let h = (hue.truncatingRemainder(dividingBy: 1) + 1).truncatingRemainder(dividingBy: 1) * 6
        let c = (1 - abs(2 * l - 1)) * s
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch h {
        case ..<1: (r, g, b) = (c, x, 0)
        case ..<2: (r, g, b) = (x, c, 0)
        case ..<3: (r, g, b) = (0, c, x)
        case ..<4: (r, g, b) = (0, x, c)
        case ..<5: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        let m = l - c / 2
        func channel(_ v: Double) -> Int32 { Int32(max(0, min(255, ((v + m) * 255).rounded()))) }
        return channel(r) << 16 | channel(g) << 8 | channel(b)
    }
}
