import CLcms2
import Foundation

/// Colour-tagged test photos and their sRGB references, made by Pillow (Debian's
/// `python3-pil`, its ImageCms module): the judge shares no code with Tessera's path.
enum ColourFixture {
    /// A Display P3 profile built with Little CMS from the published primaries (D65 white,
    /// red 0.680/0.320, green 0.265/0.690, blue 0.150/0.060, the sRGB curve).
    static func displayP3() -> [UInt8] {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: 0.680, y: 0.320, Y: 1), Green: cmsCIExyY(x: 0.265, y: 0.690, Y: 1),
            Blue: cmsCIExyY(x: 0.150, y: 0.060, Y: 1))
        var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        let curve = cmsBuildParametricToneCurve(nil, 4, &parameters)
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        return saved(cmsCreateRGBProfile(&white, &primaries, &curves)!)
    }

    /// A grey profile with a pure 1.8 power curve and D50 white, built with Little CMS: what
    /// print and old Mac software ("Gray Gamma 1.8") tag grey scans with.
    static func greyGamma18() -> [UInt8] {
        let curve = cmsBuildGamma(nil, 1.8)
        defer { cmsFreeToneCurve(curve) }
        return saved(cmsCreateGrayProfile(cmsD50_xyY(), curve)!)
    }

    /// The bytes of a profile Little CMS made, which is then closed.
    private static func saved(_ profile: cmsHPROFILE) -> [UInt8] {
        defer { cmsCloseProfile(profile) }
        var length: cmsUInt32Number = 0
        cmsSaveProfileToMem(profile, nil, &length)
        var bytes = [UInt8](repeating: 0, count: Int(length))
        cmsSaveProfileToMem(profile, &bytes, &length)
        return bytes
    }

    /// Ghostscript's default CMYK (press) profile, Debian's `libgs-common`.
    static let cmyk = URL(fileURLWithPath: "/usr/share/color/icc/ghostscript/default_cmyk.icc")

    /// Debian's `icc-profiles-free` profile compatible with Adobe RGB (1998).
    static let adobeRGB = URL(fileURLWithPath: "/usr/share/color/icc/compatibleWithAdobeRGB1998.icc")

    /// Debian's Python, where `python3-pil` lives (not a `python3` earlier on `PATH`).
    static let python = URL(fileURLWithPath: "/usr/bin/python3")

    /// Whether Pillow with ImageCms and WebP can run here.
    static var pillowAvailable: Bool {
        (try? run(["-c", "from PIL import ImageCms, features; assert features.check('webp')"])) != nil
    }

    /// Writes `picture.jpg`, `.png` and `.webp` tagged with `profile`, `untagged.png` (the
    /// same numbers without a profile: what a pipeline that drops profiles shows) and
    /// `reference.png`, Pillow's conversion to sRGB. For a CMYK profile only the JPEG and
    /// an LZW TIFF, and `untagged.png` is the naive formula (255 − C, 255 − M, 255 − Y).
    static func make(profile: URL, in folder: URL) throws {
        try run(["-c", script, "make", profile.path, folder.path])
    }

    /// Pillow's sRGB conversion of a PNG by its own embedded profile (as from heif-convert),
    /// or by `profile` when given.
    static func convertToSRGB(_ png: URL, output: URL, profile: URL? = nil) throws {
        try run(["-c", script, "srgb", png.path, output.path] + (profile.map { [$0.path] } ?? []))
    }

    /// Writes TIFFs of many kinds, `NAME.tif`, each with Pillow's own reading of it,
    /// `NAME.png` (upright, in sRGB), and returns the names.
    static func makeTIFFs(in folder: URL, adobeRGB: URL) throws -> [String] {
        try run(["-c", tiffScript, folder.path, adobeRGB.path])
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".tif") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// Writes `orientationN.png` for N = 1…8, each with an `eXIf` chunk saying N, and
    /// `orientationN-upright.png`, Pillow's `exif_transpose` of it.
    static func makeOrientedPNGs(in folder: URL) throws {
        try run([
            "-c",
            #"""
            import sys
            from PIL import Image, ImageOps
            out = sys.argv[1]
            w, h = 61, 37
            im = Image.new("RGB", (w, h))
            px = im.load()
            for y in range(h):
                for x in range(w):
                    px[x, y] = (x * 255 // (w - 1), y * 255 // (h - 1), 250 if x < 15 and y < 10 else 40)
            for n in range(1, 9):
                exif = Image.Exif()
                exif[0x0112] = n
                im.save(f"{out}/orientation{n}.png", exif=exif.tobytes())
                ImageOps.exif_transpose(Image.open(f"{out}/orientation{n}.png")).save(f"{out}/orientation{n}-upright.png")
            """#, folder.path,
        ])
    }

    /// Writes `gamma.png`, the colour picture with a `gAMA` chunk of `encodingGamma` (an
    /// old Mac's 1/1.8, say), `untagged.png` and `reference.png`, the same decoded by the
    /// PNG specification's formula (light = value ^ (1 / gamma)) and encoded with sRGB's.
    static func makeGammaPNG(encodingGamma: Double, in folder: URL) throws {
        try run([
            "-c",
            #"""
            import struct, sys, zlib
            from PIL import Image
            gamma, out = float(sys.argv[1]), sys.argv[2]
            w, h = 301, 203
            im = Image.new("RGB", (w, h))
            px = im.load()
            for y in range(h):
                for x in range(w):
                    px[x, y] = (x * 255 // (w - 1), y * 255 // (h - 1), (x + y) * 255 // (w + h - 2))
            im.save(out + "/untagged.png")
            data = open(out + "/untagged.png", "rb").read()
            body = b"gAMA" + struct.pack(">I", round(gamma * 100000))
            chunk = struct.pack(">I", 4) + body + struct.pack(">I", zlib.crc32(body))
            open(out + "/gamma.png", "wb").write(data[:33] + chunk + data[33:])
            def srgb(light):
                return 12.92 * light if light <= 0.0031308 else 1.055 * light ** (1 / 2.4) - 0.055
            table = [min(255, max(0, round(255 * srgb((v / 255) ** (1 / gamma))))) for v in range(256)]
            im.point(table * 3).save(out + "/reference.png")
            """#, String(encodingGamma), folder.path,
        ])
    }

    /// Writes `small.tif` (uncompressed: Pillow puts its tags before the pixels) and
    /// `large.tif` (1.4 MB of noise, LZW through libtiff, which writes tags after them),
    /// each with `packet` in its `XMLPacket` tag.
    static func makeTIFFsWithXMP(_ packet: String, in folder: URL) throws {
        try run([
            "-c",
            #"""
            import os, sys
            from PIL import Image
            packet, out = sys.argv[1].encode(), sys.argv[2]
            Image.new("RGB", (40, 30), (90, 120, 200)).save(out + "/small.tif", tiffinfo={700: packet})
            Image.frombytes("RGB", (800, 600), os.urandom(800 * 600 * 3)).save(
                out + "/large.tif", compression="tiff_lzw", tiffinfo={700: packet})
            """#, packet, folder.path,
        ])
    }

    /// Writes an album of JPEG, PNG, GIF and WebP variants (`NAME.EXT`) with Pillow, each
    /// with `NAME.EXT.ref.png`, Pillow's own upright, over-white, RGB reading of it, and
    /// `NAME.EXT.ideal.png`, that reading through Pillow's own 4:2:0 JPEG at quality 95;
    /// returns the file names.
    static func makeFormatAlbum(in folder: URL) throws -> [String] {
        try run([
            "-c",
            #"""
            import io, sys
            from PIL import Image, ImageOps
            out = sys.argv[1]
            def picture(w, h):
                im = Image.new("RGB", (w, h))
                px = im.load()
                for y in range(h):
                    for x in range(w):
                        px[x, y] = (x * 255 // max(1, w - 1), y * 255 // max(1, h - 1), 255 - (x + y) * 255 // max(1, w + h - 2))
                if w >= 8 and h >= 8:
                    for y in range(h // 8, h // 3):
                        for x in range(w // 8, w // 3):
                            px[x, y] = (240, 220, 30)
                return im
            def save(name, image, **options):
                image.save(f"{out}/{name}", **options)
                ref = Image.open(f"{out}/{name}")
                ref.seek(0)
                ref = ImageOps.exif_transpose(ref)
                if ref.mode in ("I;16", "I"):
                    ref = ref.point(lambda v: v / 257).convert("L")
                if ref.mode == "P" and "transparency" in ref.info or ref.mode in ("RGBA", "LA", "PA"):
                    ref = ref.convert("RGBA")
                    white = Image.new("RGBA", ref.size, (255, 255, 255, 255))
                    ref = Image.alpha_composite(white, ref)
                ref = ref.convert("RGB")
                ref.save(f"{out}/{name}.ref.png")
                # The best a 4:2:0 JPEG (what Tessera writes) can do with this picture: Pillow's own.
                ideal = io.BytesIO()
                ref.save(ideal, "JPEG", quality=95, subsampling=2)
                Image.open(ideal).convert("RGB").save(f"{out}/{name}.ideal.png")
            for (w, h) in ((1, 1), (2, 3), (17, 9), (301, 203), (640, 427)):
                im = picture(w, h)
                for sub, label in ((0, "444"), (1, "422"), (2, "420")):
                    save(f"jpeg{label}-{w}x{h}.jpg", im, quality=95, subsampling=sub)
                save(f"png-{w}x{h}.png", im)
            im = picture(301, 203)
            save("jpeg-grey.jpg", im.convert("L"), quality=95)
            save("jpeg-progressive.jpg", im, quality=95, progressive=True)
            save("jpeg-optimized.jpg", im, quality=95, optimize=True)
            for n in range(2, 9):
                exif = Image.Exif(); exif[0x0112] = n
                save(f"jpeg-orientation{n}.jpg", im, quality=95, exif=exif.tobytes())
            save("png-grey.png", im.convert("L"))
            import struct
            grey16 = Image.frombytes("I;16", (301, 203), b"".join(
                struct.pack("<H", (x * 65535 // 300 + y * 37) % 65536) for y in range(203) for x in range(301)))
            save("png-grey16.png", grey16)
            save("png-palette.png", im.convert("P", palette=Image.ADAPTIVE, colors=200))
            alpha = im.copy(); alpha.putalpha(Image.linear_gradient("L").resize(im.size))
            save("png-rgba.png", alpha)
            save("png-grey-alpha.png", alpha.convert("LA"))
            pal = im.convert("P", palette=Image.ADAPTIVE, colors=64)
            save("png-palette-trns.png", pal, transparency=3)
            save("gif.gif", im.convert("P", palette=Image.ADAPTIVE, colors=255))
            save("gif-two-frames.gif", im, save_all=True, append_images=[im.transpose(Image.ROTATE_180)])
            save("webp-lossy.webp", im, quality=95)
            save("webp-lossless.webp", im, lossless=True)
            save("webp-alpha.webp", alpha, lossless=True)
            save("webp-17x9.webp", picture(17, 9), lossless=True)
            """#, folder.path,
        ])
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasSuffix(".ref.png") && !$0.hasSuffix(".ideal.png") }.sorted()
    }

    struct Failed: Error { var message: String }

    @discardableResult
    static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = python
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed(message: message) }
        return 0
    }

    private static let tiffScript = #"""
        import io, os, struct, sys
        from PIL import Image, ImageCms
        out, adobe = sys.argv[1], sys.argv[2]
        w, h = 301, 203
        im = Image.new("RGB", (w, h))
        px = im.load()
        for y in range(h):
            for x in range(w):
                px[x, y] = (x * 255 // (w - 1), y * 255 // (h - 1), 255 - (x + y) * 255 // (w + h - 2))
        for y in range(10, 60):
            for x in range(10, 80):
                px[x, y] = (230, 200, 20)
        def reference(name):
            ref = Image.open(f"{out}/{name}.tif")
            ref.seek(0)
            profile = ref.info.get("icc_profile")
            # Pillow applies the Orientation tag (274) itself while loading a TIFF.
            ref.load()
            if ref.mode in ("RGBA", "LA"):
                white = Image.new("RGBA", ref.size, (255, 255, 255, 255))
                ref = Image.alpha_composite(white, ref.convert("RGBA"))
            if ref.mode == "I;16":
                ref = ref.point(lambda v: v / 257).convert("L")
            ref = ref.convert("RGB")
            if profile:
                ref = ImageCms.profileToProfile(ref, ImageCms.ImageCmsProfile(io.BytesIO(profile)),
                    ImageCms.createProfile("sRGB"), renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                    flags=ImageCms.FLAGS["BLACKPOINTCOMPENSATION"], outputMode="RGB")
            ref.save(f"{out}/{name}.png")
        def save(name, image, **options):
            image.save(f"{out}/{name}.tif", **options)
            reference(name)
        for compression in ("raw", "tiff_lzw", "tiff_adobe_deflate", "jpeg", "packbits"):
            save("rgb8-" + compression, im, compression=None if compression == "raw" else compression)
        save("grey8-lzw", im.convert("L"), compression="tiff_lzw")
        rgba = im.copy(); rgba.putalpha(Image.linear_gradient("L").resize((w, h)))
        save("rgba8-deflate", rgba, compression="tiff_adobe_deflate")
        grey16 = Image.frombytes("I;16", (w, h), b"".join(struct.pack("<H", ((x + y) * 65535) // (w + h - 2)) for y in range(h) for x in range(w)))
        save("grey16-deflate", grey16, compression="tiff_adobe_deflate")
        save("rgb8-orientation6", im, tiffinfo={274: 6})
        save("rgb8-two-pages", im, compression="tiff_lzw", save_all=True, append_images=[im.transpose(Image.ROTATE_180)])
        if os.path.exists(adobe):
            save("rgb8-adobe-rgb", im, compression="tiff_lzw", icc_profile=open(adobe, "rb").read())
        # 16-bit RGB, uncompressed, written by hand: Pillow cannot write it, but reads it.
        def rgb16(name, order):
            data = b"".join(struct.pack(order + "HHH", *(v * 257 for v in px[x, y])) for y in range(h) for x in range(w))
            bits = 8 + 2 + 9 * 12 + 4  # right after the directory: 3 shorts, then 6 spare bytes, then pixels
            entries = [(256, 3, 1, w), (257, 3, 1, h), (258, 3, 3, bits), (259, 3, 1, 1), (262, 3, 1, 2),
                       (273, 4, 1, bits + 12), (277, 3, 1, 3), (278, 3, 1, h), (279, 4, 1, len(data))]
            ifd = struct.pack(order + "H", len(entries))
            for tag, kind, count, value in entries:
                ifd += struct.pack(order + "HHI", tag, kind, count) + (struct.pack(order + "HH", value, 0) if kind == 3 and count == 1 else struct.pack(order + "I", value))
            ifd += struct.pack(order + "I", 0)
            header = (b"II*\0" if order == "<" else b"MM\0*") + struct.pack(order + "I", 8)
            body = header + ifd + struct.pack(order + "HHH", 16, 16, 16) + b"\0" * 6
            open(f"{out}/{name}.tif", "wb").write(body + data)
            reference(name)
        rgb16("rgb16-little", "<")
        rgb16("rgb16-big", ">")
        """#

    /// Relative colorimetric with black-point compensation, as Tessera converts.
    private static let script = #"""
        import io, sys
        from PIL import Image, ImageCms
        def to_srgb(im, profile_bytes, intent=ImageCms.Intent.RELATIVE_COLORIMETRIC):
            source = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes))
            return ImageCms.profileToProfile(im, source, ImageCms.createProfile("sRGB"),
                renderingIntent=intent,
                flags=ImageCms.FLAGS["BLACKPOINTCOMPENSATION"], outputMode="RGB")
        if sys.argv[1] == "make":
            profile = open(sys.argv[2], "rb").read()
            out = sys.argv[3]
            w, h = 301, 203
            im = Image.new("RGB", (w, h))
            px = im.load()
            for y in range(h):
                for x in range(w):
                    px[x, y] = (x * 255 // (w - 1), y * 255 // (h - 1), (x + y) * 255 // (w + h - 2))
            # Saturated patches (the colours a wide gamut is for) and a muted red.
            for (x0, colour) in ((10, (255, 0, 0)), (70, (0, 255, 0)), (130, (0, 0, 255)), (190, (190, 60, 50))):
                for y in range(10, 70):
                    for x in range(x0, x0 + 50):
                        px[x, y] = colour
            im.save(out + "/untagged.png")
            if ImageCms.getProfileInfo(ImageCms.ImageCmsProfile(io.BytesIO(profile))) and \
                    ImageCms.ImageCmsProfile(io.BytesIO(profile)).profile.xcolor_space.strip() == "CMYK":
                # The picture's numbers read as CMYK (Pillow stores them inverted, Adobe's way).
                cmyk = Image.merge("CMYK", im.split() + (Image.new("L", im.size, 20),))
                cmyk.save(out + "/picture.jpg", icc_profile=profile, quality=95, subsampling=0)
                cmyk.save(out + "/picture.tif", icc_profile=profile, compression="tiff_lzw")
                cmyk.save(out + "/without-profile.jpg", quality=95, subsampling=0)
                to_srgb(cmyk, profile, ImageCms.Intent.PERCEPTUAL).save(out + "/reference.png")
                Image.merge("RGB", [Image.eval(c, lambda v: 255 - v) for c in cmyk.split()[:3]]).save(out + "/untagged.png")
                sys.exit(0)
            im.save(out + "/picture.png", icc_profile=profile)
            im.save(out + "/picture.jpg", icc_profile=profile, quality=95, subsampling=0)
            im.save(out + "/picture.webp", icc_profile=profile, lossless=True)
            to_srgb(im, profile).save(out + "/reference.png")
        else:
            im = Image.open(sys.argv[2])
            profile = open(sys.argv[4], "rb").read() if len(sys.argv) > 4 else im.info["icc_profile"]
            to_srgb(im.convert("RGB"), profile).save(sys.argv[3])
        """#
}
