/// The offsets from UTC the site's photos recorded beside their times
/// (`PhotoMetadata.utcOffsetMinutes`), by the moment each was taken. A clip dated in UTC
/// alone (Android's `creation_time`) was shot on the clock of the photos taken nearest it:
/// on a trip, the trip's time zone, not the one the site is built in.
struct ClockOffsets: Sendable {
    /// Each photo's moment (seconds since 1970, UTC) and offset in minutes, by moment.
    private let moments: [(utc: Double, minutes: Int)]

    /// How far in time a photo's clock still stands for a clip's: two days, so a clip
    /// on a day without photos takes the trip's clock, one months away does not.
    static let reach: Double = 2 * 86_400

    init(_ photos: some Sequence<PhotoInfo>) {
        moments = photos.compactMap { info -> (utc: Double, minutes: Int)? in
            let metadata = info.metadata
            guard let minutes = metadata.utcOffsetMinutes, let taken = metadata.dateTaken,
                let wallClock = LocalWallClock.seconds(utc: taken)
            else { return nil }
            return (wallClock - Double(minutes * 60), minutes)
        }
        .sorted { ($0.utc, $0.minutes) < ($1.utc, $1.minutes) }
    }

    /// The offset of the photo taken nearest `utcSeconds` (the earlier of two as near),
    /// when one was taken within `reach` of it.
    func minutes(near utcSeconds: Double) -> Int? {
        // The first moment at or after `utcSeconds`, and the one before it.
        var low = 0
        var high = moments.count
        while low < high {
            let middle = (low + high) / 2
            if moments[middle].utc < utcSeconds { low = middle + 1 } else { high = middle }
        }
        let candidates = [low - 1, low].filter { moments.indices.contains($0) }
        guard
            let nearest = candidates.min(by: { abs(moments[$0].utc - utcSeconds) < abs(moments[$1].utc - utcSeconds) }),
            abs(moments[nearest].utc - utcSeconds) <= Self.reach
        else { return nil }
        return moments[nearest].minutes
    }
}
