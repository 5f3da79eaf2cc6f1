import Foundation

extension ColourFixture {
    /// Writes 16-bit PNGs, each `NAME.png` with `NAME.ref.png`, its exact 8-bit reading:
    /// every sample rounded, `(v × 255 + 32767) / 65535`, after laying transparency over
    /// white at full precision. Gradients run through the darkest quarter of the range and
    /// every low byte there, where keeping only the high byte (libgd) reads about half the
    /// samples a level too dark. Grey comes from Pillow (it
    /// writes no 16-bit colour PNG); RGB, RGBA and grey with alpha are written by hand.
    /// `rgb16-srgb` carries an `sRGB` chunk (no conversion); `rgb16-gamma18` a `gAMA` of
    /// 1/1.8, whose reference is the PNG specification's formula then sRGB's curve.
    /// Returns the names.
    static func makeSixteenBitPNGs(in folder: URL) throws -> [String] {
        try run([
            "-c",
            #"""
            import struct, sys, zlib
            from PIL import Image
            out = sys.argv[1]
            w, h = 301, 203
            top = 16383  # shadows, where truncating is biased: over a full range its errors cancel
            def sample(x, y, channel):
                if channel == 0: return x * top // (w - 1)
                if channel == 1: return y * top // (h - 1)
                if channel == 2: return (x + y) * top // (w + h - 2)
                return 65535 - (x * 40000 // (w - 1) + y * 25535 // (h - 1))  # alpha, opaque at top left
            def to8(v):  # for whole v the same as (v * 255 + 32767) // 65535; a half never occurs
                return int(v * 255 / 65535 + 0.5)
            def chunk(kind, body):
                return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
            def write(name, colour_type, channels, extra=b""):
                raw = b""
                for y in range(h):
                    raw += b"\0" + b"".join(struct.pack(">H", sample(x, y, c)) for x in range(w) for c in channels)
                data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 16, colour_type, 0, 0, 0))
                data += extra + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
                open(f"{out}/{name}.png", "wb").write(data)
            def reference(name, pixel):
                Image.frombytes("RGB", (w, h), bytes(v for y in range(h) for x in range(w) for v in pixel(x, y))).save(
                    f"{out}/{name}.ref.png")
            def over_white(v, a):
                return (v * a + 65535 * (65535 - a)) / 65535
            grey = Image.frombytes("I;16", (w, h), b"".join(struct.pack("<H", sample(x, y, 0)) for y in range(h) for x in range(w)))
            grey.save(f"{out}/grey16.png")
            reference("grey16", lambda x, y: [to8(sample(x, y, 0))] * 3)
            write("rgb16", 2, (0, 1, 2))
            reference("rgb16", lambda x, y: [to8(sample(x, y, c)) for c in (0, 1, 2)])
            write("rgba16", 6, (0, 1, 2, 3))
            reference("rgba16", lambda x, y: [to8(over_white(sample(x, y, c), sample(x, y, 3))) for c in (0, 1, 2)])
            write("grey-alpha16", 4, (1, 3))
            reference("grey-alpha16", lambda x, y: [to8(over_white(sample(x, y, 1), sample(x, y, 3)))] * 3)
            write("rgb16-srgb", 2, (0, 1, 2), chunk(b"sRGB", b"\0"))
            reference("rgb16-srgb", lambda x, y: [to8(sample(x, y, c)) for c in (0, 1, 2)])
            def srgb(light):
                return 12.92 * light if light <= 0.0031308 else 1.055 * light ** (1 / 2.4) - 0.055
            write("rgb16-gamma18", 2, (0, 1, 2), chunk(b"gAMA", struct.pack(">I", round(100000 / 1.8))))
            reference("rgb16-gamma18", lambda x, y: [round(255 * srgb((sample(x, y, c) / 65535) ** 1.8)) for c in (0, 1, 2)])
            """#, folder.path,
        ])
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".png") && !$0.hasSuffix(".ref.png") }.map { String($0.dropLast(4)) }.sorted()
    }
}
