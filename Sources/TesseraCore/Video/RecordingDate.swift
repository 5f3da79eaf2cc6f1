/// When a clip was recorded, as its container says.
package struct RecordingDate: Sendable, Hashable, Codable {
    /// Which tag the date came from.
    package enum Source: String, Sendable, Hashable, Codable {
        /// QuickTime's `com.apple.quicktime.creationdate`: the camera's local time with its
        /// offset from UTC (iPhones).
        case quickTimeCreationDate
        /// The container's `creation_time`: UTC (most Android phones and cameras).
        case creationTime
    }

    /// `YYYY-MM-DD HH:MM:SS`, as photos' `dateTaken`: the local time for
    /// `quickTimeCreationDate`, UTC for `creationTime`.
    var dateTime: String
    /// Minutes east of UTC the time is in, when known (0 for `creationTime`).
    var utcOffsetMinutes: Int?
    var source: Source

    package init(dateTime: String, utcOffsetMinutes: Int?, source: Source) {
        self.dateTime = dateTime
        self.utcOffsetMinutes = utcOffsetMinutes
        self.source = source
    }
}
