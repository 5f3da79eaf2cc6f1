import TesseraCore

/// Which way up a stream is shown, from its display matrix or its legacy `rotate` tag.
enum DisplayRotation {
    /// Clockwise degrees the stored picture is turned to be shown upright, to the nearest
    /// quarter turn: 0, 90, 180 or 270.
    ///
    /// ffprobe gives the display matrix's angle counter-clockwise (an iPhone's portrait
    /// clip reads `-90`); the `rotate` tag older ffmpeg wrote and read is clockwise (`90`).
    static func clockwise(of stream: ProbeStream) -> Int {
        if let matrix = stream.sideData.first(where: { $0.type == "Display Matrix" && $0.rotation != nil }),
            let counterClockwise = matrix.rotation
        {
            return quarterTurn(-counterClockwise)
        }
        if let tag = ProbeReport.tag("rotate", in: stream.tags), let degrees = Double(tag) {
            return quarterTurn(degrees)
        }
        return 0
    }

    /// `degrees` to the nearest multiple of 90 in 0..<360; 0 for values that are not finite.
    static func quarterTurn(_ degrees: Double) -> Int {
        guard degrees.isFinite, abs(degrees) < 1e9 else { return 0 }
        let quarters = Int((degrees / 90).rounded())
        return ((quarters % 4) + 4) % 4 * 90
    }
}
