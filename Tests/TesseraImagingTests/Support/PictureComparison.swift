import Foundation

/// How close two pictures of the same size are, in the terms a viewer would notice.
struct PictureComparison {
    /// Peak signal-to-noise ratio over all pixels and the three channels, in dB.
    let psnr: Double
    /// The worst single row's PSNR: a shear or a mirrored band ruins whole rows.
    let worstRowPSNR: Double
    /// The mean difference per channel (reference minus candidate), red, green, blue.
    let meanShift: (r: Double, g: Double, b: Double)

    init(_ candidate: TestImage, against reference: TestImage) {
        precondition(candidate.size == reference.size)
        var total = 0.0
        var worstRow = Double.infinity
        var shift = (r: 0.0, g: 0.0, b: 0.0)
        for y in 0..<reference.height {
            var rowError = 0.0
            for x in 0..<reference.width {
                let a = candidate.color(x, y)
                let b = reference.color(x, y)
                let dr = Double(b.r - a.r)
                let dg = Double(b.g - a.g)
                let db = Double(b.b - a.b)
                rowError += dr * dr + dg * dg + db * db
                shift.r += dr
                shift.g += dg
                shift.b += db
            }
            total += rowError
            worstRow = min(worstRow, Self.decibels(rowError / Double(3 * reference.width)))
        }
        let pixels = Double(reference.width * reference.height)
        psnr = Self.decibels(total / (3 * pixels))
        worstRowPSNR = worstRow
        meanShift = (shift.r / pixels, shift.g / pixels, shift.b / pixels)
    }

    private static func decibels(_ meanSquaredError: Double) -> Double {
        meanSquaredError == 0 ? 99 : 10 * log10(255 * 255 / meanSquaredError)
    }
}
