import Foundation
import TesseraCore

/// DNGs made by `pidng` (PyPI) from a mosaic written here, and their development by
/// `rawpy` (PyPI; LibRaw's own Python binding, a different LibRaw build from Debian's):
/// the judge shares no code with Tessera's path.
///
/// The Python used is `TESSERA_RAW_PYTHON` (the Makefile's `.build/venv-raw`, which `make
/// test` fills), else the first `python3` on `PATH`; tests skip, saying so, when neither
/// imports both modules.
package enum RawFixture {
    /// The scene: red, green, blue and grey quadrants, in linear light before the camera's
    /// response, as stored (before the orientation tag turns it).
    package struct Scene {
        package var width: Int
        package var height: Int
        /// The EXIF orientation tag, 1–8.
        package var orientation: Int
        /// The exposure time's denominator: 250 is 1/250 s.
        package var exposure: Int
        /// The JPEG preview the camera embeds, or none.
        package var preview: Preview?

        package init(
            width: Int = 320, height: Int = 240, orientation: Int = 1, exposure: Int = 250, preview: Preview? = nil
        ) {
            self.width = width
            self.height = height
            self.orientation = orientation
            self.exposure = exposure
            self.preview = preview
        }
    }

    /// A camera's JPEG preview in IFD1 of the DNG, as stored (the sensor's way up): rawpy's
    /// development of the scene with its colours inverted, so that a picture made from it
    /// tells itself apart from one developed from the mosaic.
    package struct Preview {
        /// Its sides as a fraction of the sensor's.
        package var scale: Double
        package var damage: Damage

        package enum Damage: String {
            case none
            /// Only the first third of the JPEG's bytes.
            case truncated
            /// Its frame header says 60000 × 60000 pixels.
            case hugeSize
        }

        package init(scale: Double = 1, damage: Damage = .none) {
            self.scale = scale
            self.damage = damage
        }
    }

    /// The interpreter that has `pidng`, `rawpy` and Pillow (the previews' fixture), or nil.
    package static let python: URL? = {
        var candidates: [URL] = []
        if let configured = ProcessInfo.processInfo.environment["TESSERA_RAW_PYTHON"] {
            candidates.append(URL(fileURLWithPath: configured))
        }
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        if let found = paths.map({ URL(fileURLWithPath: String($0)).appendingPathComponent("python3") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        {
            candidates.append(found)
        }
        return candidates.first { (try? run($0, ["-c", "import pidng, rawpy, PIL"])) != nil }
    }()

    package static let unavailable =
        "needs pidng and rawpy (PyPI) and Pillow: `make test` installs them into .build/venv-raw; "
        + "or set TESSERA_RAW_PYTHON to a Python that has them"

    /// Writes the scene as a DNG at `file`, with the camera notes a camera writes.
    package static func write(_ scene: Scene, to file: URL) throws {
        guard let python else { throw Failure(message: unavailable) }
        // pidng names its file BASE.dng; any other name is a rename away.
        let base = file.deletingLastPathComponent().appendingPathComponent("pidng-\(UUID().uuidString)")
        try run(
            python,
            [
                "-c", makeDNG, base.path, String(scene.width), String(scene.height), String(scene.orientation),
                String(scene.exposure),
            ])
        if let preview = scene.preview {
            try run(
                python,
                [
                    "-c", addPreview, base.appendingPathExtension("dng").path, String(preview.scale),
                    preview.damage.rawValue,
                ])
        }
        try FileManager.default.moveItem(at: base.appendingPathExtension("dng"), to: file)
    }

    /// The colours a picture made from a `Preview` has: rawpy's, inverted.
    package static func previewReference(_ file: URL) throws -> (size: PixelSize, rgb: [UInt8]) {
        let developed = try reference(file)
        return (developed.size, developed.rgb.map { 255 - $0 })
    }

    /// rawpy's development of `file` (the camera's white balance, sRGB, 8 bits, upright),
    /// read from the binary PPM it writes; half size when asked.
    package static func reference(_ file: URL, halfSize: Bool = false) throws -> (size: PixelSize, rgb: [UInt8]) {
        guard let python else { throw Failure(message: unavailable) }
        let out = file.deletingPathExtension().appendingPathExtension("reference.ppm")
        try run(python, ["-c", develop, file.path, out.path, halfSize ? "1" : "0"])
        let bytes = [UInt8](try Data(contentsOf: out))
        // "P6\nW H\n255\n" then the samples.
        let header = bytes.prefix(64).split(
            separator: UInt8(ascii: "\n"), maxSplits: 3, omittingEmptySubsequences: false)
        let sides = String(decoding: header[1], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        let start = header[0].count + header[1].count + header[2].count + 3
        return (PixelSize(width: sides[0], height: sides[1]), Array(bytes[start...]))
    }

    package struct Failure: Error, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }

    @discardableResult
    private static func run(_ python: URL, _ arguments: [String]) throws -> String {
        do {
            return try ProgramOutput.run(python, arguments)
        } catch let failure as ProgramOutput.Failure {
            throw Failure(message: failure.message)
        }
    }

    /// An RGGB mosaic of the scene, 12 bits in 16, identity colour matrix, neutral white
    /// balance as shot; Make, Model, date, exposure and aperture as a camera writes them.
    private static let makeDNG = #"""
        import sys, numpy as np
        from pidng.core import RAW2DNG, DNGTags, Tag
        from pidng.defs import PhotometricInterpretation, CFAPattern, CalibrationIlluminant, DNGVersion
        out, w, h, orientation = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
        exposure = int(sys.argv[5])
        rgb = np.full((h, w, 3), 0.18)
        rgb[: h // 2, : w // 2] = (0.60, 0.06, 0.05)
        rgb[: h // 2, w // 2 :] = (0.05, 0.45, 0.08)
        rgb[h // 2 :, : w // 2] = (0.04, 0.10, 0.55)
        raw = np.zeros((h, w), dtype=np.uint16)
        raw[0::2, 0::2] = rgb[0::2, 0::2, 0] * 4095
        raw[0::2, 1::2] = rgb[0::2, 1::2, 1] * 4095
        raw[1::2, 0::2] = rgb[1::2, 0::2, 1] * 4095
        raw[1::2, 1::2] = rgb[1::2, 1::2, 2] * 4095
        t = DNGTags()
        t.set(Tag.ImageWidth, w); t.set(Tag.ImageLength, h)
        t.set(Tag.TileWidth, w); t.set(Tag.TileLength, h)
        t.set(Tag.Orientation, orientation)
        t.set(Tag.PhotometricInterpretation, PhotometricInterpretation.Color_Filter_Array)
        t.set(Tag.SamplesPerPixel, 1); t.set(Tag.BitsPerSample, 16)
        t.set(Tag.CFARepeatPatternDim, [2, 2]); t.set(Tag.CFAPattern, CFAPattern.RGGB)
        t.set(Tag.BlackLevel, 0); t.set(Tag.WhiteLevel, 4095)
        one, zero = [10000, 10000], [0, 10000]
        t.set(Tag.ColorMatrix1, [one, zero, zero, zero, one, zero, zero, zero, one])
        t.set(Tag.CalibrationIlluminant1, CalibrationIlluminant.D65)
        t.set(Tag.AsShotNeutral, [[1, 1], [1, 1], [1, 1]])
        t.set(Tag.Make, "Tessera"); t.set(Tag.Model, "Test Camera")
        t.set(Tag.UniqueCameraModel, "Tessera Test Camera")
        t.set(Tag.ExposureTime, [[1, exposure]]); t.set(Tag.FNumber, [[28, 10]])
        # IFD0's DateTime is where LibRaw reads the date of a DNG whose EXIF is in IFD0.
        t.set(Tag.DateTime, "2026:11:30 10:20:30"); t.set(Tag.DateTimeOriginal, "2026:11:30 10:20:30")
        t.set(Tag.DNGVersion, DNGVersion.V1_4); t.set(Tag.DNGBackwardVersion, DNGVersion.V1_2)
        r = RAW2DNG(); r.options(t, path="", compress=False)
        r.convert(raw, filename=out)
        """#

    /// Appends the preview JPEG and an IFD1 that points at it (NewSubfileType 1, JPEG
    /// compression, JPEGInterchangeFormat and its length), chained after IFD0.
    private static let addPreview = #"""
        import sys, io, struct, rawpy, numpy as np
        from PIL import Image
        dng, scale, damage = sys.argv[1], float(sys.argv[2]), sys.argv[3]
        with rawpy.imread(dng) as raw:
            rgb = raw.postprocess(use_camera_wb=True, output_bps=8, user_flip=0)
        picture = Image.fromarray(255 - rgb)
        size = (max(1, round(picture.width * scale)), max(1, round(picture.height * scale)))
        out = io.BytesIO()
        picture.resize(size, Image.LANCZOS).save(out, "JPEG", quality=95)
        jpeg = bytearray(out.getvalue())
        w, h = size
        if damage == "truncated":
            jpeg = jpeg[: len(jpeg) // 3]
        elif damage == "hugeSize":
            sof = jpeg.index(b"\xff\xc0")
            struct.pack_into(">HH", jpeg, sof + 5, 60000, 60000)
            w = h = 60000
        data = bytearray(open(dng, "rb").read())
        ifd0 = struct.unpack_from("<I", data, 4)[0]
        count = struct.unpack_from("<H", data, ifd0)[0]
        link = ifd0 + 2 + 12 * count
        data += b"\0" * (len(data) % 2)
        start = len(data)
        data += jpeg
        data += b"\0" * (len(data) % 2)
        ifd1 = len(data)
        entries = [(254, 4, 1), (256, 4, w), (257, 4, h), (259, 3, 6), (513, 4, start), (514, 4, len(jpeg))]
        data += struct.pack("<H", len(entries))
        for tag, kind, value in entries:
            data += struct.pack("<HHI", tag, kind, 1)
            data += struct.pack("<HH", value, 0) if kind == 3 else struct.pack("<I", value)
        data += struct.pack("<I", 0)
        struct.pack_into("<I", data, link, ifd1)
        open(dng, "wb").write(data)
        """#

    private static let develop = #"""
        import sys, rawpy
        with rawpy.imread(sys.argv[1]) as raw:
            rgb = raw.postprocess(use_camera_wb=True, output_bps=8, half_size=sys.argv[3] == "1")
        h, w = rgb.shape[:2]
        with open(sys.argv[2], "wb") as f:
            f.write(b"P6\n%d %d\n255\n" % (w, h)); f.write(rgb.tobytes())
        """#
}
