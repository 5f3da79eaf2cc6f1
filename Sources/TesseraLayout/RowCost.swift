import Foundation

/// One container width the rows are scored at, with the row height aimed at there.
///
/// A responsive interval is scored at both of its ends: row heights grow linearly with the
/// container width, so a row that is good at both ends is good everywhere in between.
struct RowProbe: Sendable, Hashable {
    var containerWidth: Double
    var targetRowHeight: Double
}

/// The price of one row: what the row breaker minimises.
///
/// Every term is soft (a finite price, never an exclusion), so a layout always exists.
/// - shape: `ln²(h / H)` per row, symmetric in too tall and too short. Per row rather than
///   per tile (`n · ln²`), because a reader sees rows: per-tile pricing let two-photo rows
///   drift 35 % from the target on narrow screens to spare a five-photo row 5 %;
/// - a small price per row, so that of two equal layouts the one with fewer rows wins;
/// - outside the band `[0.7 H, 1.4 H]`: a fixed price plus a steep `ln²` distance to the band;
/// - the narrowest tile below the minimum tile width: a fixed price plus a steep `ln²`
///   (only the narrowest is priced, which keeps a row's price O(1) from running sums);
///   below one pixel the price stops growing (`thinnestSeenTile`);
/// - a lone photo stretched to the full width although it is no panorama (taller than H);
///   above the band it pays for its height as steeply as a narrow tile pays for its width
///   (`narrowTileWeight`), so a very tall photo (a 1 × 30,000 px strip, a 1:300 banner)
///   joins a row as a thin tile rather than stand alone as a tile the page's width, tens of
///   thousands of screens tall: the tile it would be in a row is at worst unseen, the lone
///   one makes the rest of the album unreachable;
/// - a left-aligned last row pays a little for the width it leaves empty.
/// A panorama (alone, at or below H) pays only its shape: no band, no lone-row price.
struct RowCost: Sendable {
    var gap: Double
    var minTileWidth: Double

    static let bandLow = 0.7
    static let bandHigh = 1.4
    static let rowPrice = 0.02
    static let outOfBandPrice = 0.5
    static let outOfBandWeight = 4.0
    static let narrowTilePrice = 2.0
    static let narrowTileWeight = 16.0
    static let loneRowPrice = 0.1
    /// The width below which a tile is priced as this wide: it is not seen either way.
    static let thinnestSeenTile = 1.0
    static let emptyWidthWeight = 0.03

    /// Height of a justified row of `count` tiles whose ratios sum to `ratioSum`.
    func justifiedHeight(count: Int, ratioSum: Double, containerWidth: Double) -> Double {
        max(containerWidth - Double(count - 1) * gap, 1e-9) / ratioSum
    }

    /// Price of a justified row at one probe.
    func justified(count: Int, ratioSum: Double, narrowestRatio: Double, at probe: RowProbe) -> Double {
        let height = justifiedHeight(count: count, ratioSum: ratioSum, containerWidth: probe.containerWidth)
        // A photo wide enough to fill the row at or below the target is a panorama: alone is
        // the best it can do, so it pays only for its shape.
        if count == 1 && height <= probe.targetRowHeight {
            return shape(height: height, target: probe.targetRowHeight) + Self.rowPrice
                + narrowTile(ratio: narrowestRatio, height: height)
        }
        var price = rowShape(
            count: count, height: height, narrowestRatio: narrowestRatio,
            target: probe.targetRowHeight)
        if count == 1 {
            price += Self.loneRowPrice
            let high = Self.bandHigh * probe.targetRowHeight
            if height > high {
                price += (Self.narrowTileWeight - Self.outOfBandWeight) * square(log(height / high))
            }
        }
        return price
    }

    /// Price of a left-aligned (last) row of height `height` at one probe.
    func leftAligned(
        count: Int, ratioSum: Double, narrowestRatio: Double, height: Double,
        at probe: RowProbe
    ) -> Double {
        let used = ratioSum * height + Double(count - 1) * gap
        let empty = max(0, 1 - used / probe.containerWidth)
        return rowShape(
            count: count, height: height, narrowestRatio: narrowestRatio,
            target: probe.targetRowHeight) + Self.emptyWidthWeight * empty
    }

    private func rowShape(count: Int, height: Double, narrowestRatio: Double, target: Double) -> Double {
        var price = shape(height: height, target: target) + Self.rowPrice
        let low = Self.bandLow * target
        let high = Self.bandHigh * target
        if height < low {
            price += Self.outOfBandPrice + Self.outOfBandWeight * square(log(height / low))
        } else if height > high {
            price += Self.outOfBandPrice + Self.outOfBandWeight * square(log(height / high))
        }
        return price + narrowTile(ratio: narrowestRatio, height: height)
    }

    private func shape(height: Double, target: Double) -> Double {
        square(log(height / target))
    }

    private func narrowTile(ratio: Double, height: Double) -> Double {
        // Below a pixel a tile is unseen however thin: pricing it further would make the
        // breaker raise its whole row thousands of pixels to widen a tile no one sees.
        let width = max(ratio * height, Self.thinnestSeenTile)
        guard width < minTileWidth else { return 0 }
        return Self.narrowTilePrice + Self.narrowTileWeight * square(log(minTileWidth / width))
    }

    private func square(_ x: Double) -> Double { x * x }
}
