import Foundation
import XCTest

@testable import TesseraCore

/// A time known in UTC is shown and sorted on the local wall clock, as photos' EXIF times
/// are: an Android clip (`creation_time`, UTC) recorded at 10:00:30 in Paris sorted before
/// the photo taken at 10:00:00 there and said 08:00:30 on its page.
final class LocalWallClockTests: XCTestCase {
    private let paris = TimeZone(identifier: "Europe/Paris")!

    func testAUTCTimeReadsAsTheZonesWallClockSummerAndWinter() {
        XCTAssertEqual(LocalWallClock.text(utc: "2025-06-01 08:00:30", in: paris), "2025-06-01 10:00:30")
        XCTAssertEqual(LocalWallClock.text(utc: "2025-01-01 23:30:00", in: paris), "2025-01-02 00:30:00")
        XCTAssertEqual(
            LocalWallClock.text(utc: "2025-06-01 08:00:30", in: TimeZone(identifier: "America/Los_Angeles")!),
            "2025-06-01 01:00:30")
        XCTAssertEqual(
            LocalWallClock.text(utc: "2025-06-01 08:00:30", in: TimeZone(identifier: "UTC")!),
            "2025-06-01 08:00:30")
        XCTAssertNil(LocalWallClock.text(utc: "2025-13-01 08:00:30", in: paris), "no calendar has it")
        XCTAssertNil(LocalWallClock.text(utc: "2025:06:01", in: paris))
    }

    func testReadingATimeBackGivesFoundationsSeconds() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        for text in [
            "1970-01-01 00:00:00", "1969-12-31 23:59:59", "2000-02-29 12:00:00", "2024-03-01 00:00:01",
            "1600-03-01 00:00:00", "9999-12-31 23:59:59",
        ] {
            XCTAssertEqual(LocalWallClock.seconds(utc: text), formatter.date(from: text)?.timeIntervalSince1970, text)
            XCTAssertEqual(PhotoOrder.timestamp(LocalWallClock.seconds(utc: text) ?? .nan), text)
        }
    }

    func testAClipDatedInUTCIsShownOnTheLocalWallClockAndAnIPhonesAsItSays() {
        func known(_ recorded: RecordingDate) -> Manifest.KnownPhoto {
            let video = VideoInfo(
                container: "mov,mp4,m4a,3gp,3g2,mj2", duration: 2, codedSize: PixelSize(width: 64, height: 48),
                video: VideoStreamInfo(index: 0, codec: "h264"), recorded: recorded)
            return Manifest.KnownPhoto(
                byteCount: 1, modified: 0, contentHash: "c",
                info: SiteBuilder.posterInfo(of: video, format: .mp4), video: video)
        }
        let android = known(RecordingDate(dateTime: "2025-06-01 08:00:30", utcOffsetMinutes: 0, source: .creationTime))
        XCTAssertEqual(SiteBuilder.pageInfo(of: android, in: paris).metadata.dateTaken, "2025-06-01 10:00:30")
        XCTAssertEqual(android.info.metadata.dateTaken, "2025-06-01 08:00:30", "the manifest keeps what the file says")
        let iPhone = known(
            RecordingDate(dateTime: "2025-06-01 10:00:30", utcOffsetMinutes: 120, source: .quickTimeCreationDate))
        XCTAssertEqual(SiteBuilder.pageInfo(of: iPhone, in: paris).metadata.dateTaken, "2025-06-01 10:00:30")
        // Both are the same moment, 08:00:30 UTC, for the feed (`AtomFeed.takenMoment`).
        for clip in [android, iPhone] {
            XCTAssertEqual(SiteBuilder.pageInfo(of: clip, in: paris).metadata.utcOffsetMinutes, 120)
        }
    }

    /// LibRaw dated a raw taken in the hour a zone skips (02:00 to 03:00 in Paris on the
    /// last Sunday of March) an hour late, in the hour after it: only readings there may be
    /// such dates, in the build's zone.
    func testOnlyTheHourAfterClocksGoForwardFollowsASkippedHour() {
        XCTAssertTrue(LocalWallClock.followsSkippedHour("2026-03-29 03:30:00", in: paris))
        XCTAssertTrue(LocalWallClock.followsSkippedHour("2026-03-29 03:00:00", in: paris))
        for other in [
            "2026-03-29 02:30:00", "2026-03-29 04:00:00", "2026-03-28 03:30:00", "2026-10-25 02:30:00",
            "2026-10-25 03:30:00", "2026-07-01 03:30:00", "not a date",
        ] {
            XCTAssertFalse(LocalWallClock.followsSkippedHour(other, in: paris), other)
        }
        XCTAssertFalse(LocalWallClock.followsSkippedHour("2026-03-29 03:30:00", in: TimeZone(identifier: "UTC")!))
        // Half an hour, on Lord Howe Island's first Sunday of October.
        let lordHowe = TimeZone(identifier: "Australia/Lord_Howe")!
        XCTAssertTrue(LocalWallClock.followsSkippedHour("2026-10-04 02:40:00", in: lordHowe))
        XCTAssertFalse(LocalWallClock.followsSkippedHour("2026-10-04 03:10:00", in: lordHowe))
    }

    /// A raw read before its date came from its own EXIF is read again once, if its date
    /// may be LibRaw's hour-late one; every other photo keeps its record (no reading of
    /// 100,000 headers for one hour a year).
    func testARecordReadBeforeIsReadAgainOnlyForARawDatedAfterASkippedHour() {
        func record(_ format: MediaFormat, taken: String, reading: Int?) -> Manifest.KnownPhoto {
            var metadata = PhotoMetadata()
            metadata.dateTaken = taken
            return Manifest.KnownPhoto(
                byteCount: 1, modified: 0, contentHash: "c",
                info: PhotoInfo(format: format, storedSize: PixelSize(width: 4, height: 3), metadata: metadata),
                headerReading: reading)
        }
        XCTAssertFalse(record(.dng, taken: "2026-03-29 03:30:00", reading: 2).isReadAsNow(in: paris))
        XCTAssertTrue(record(.dng, taken: "2026-03-29 03:30:00", reading: 2).isReadAsNow(in: .gmt))
        XCTAssertTrue(record(.dng, taken: "2026-03-29 04:30:00", reading: 2).isReadAsNow(in: paris))
        XCTAssertTrue(record(.jpeg, taken: "2026-03-29 03:30:00", reading: 2).isReadAsNow(in: paris))
        XCTAssertTrue(record(.dng, taken: "2026-03-29 03:30:00", reading: 3).isReadAsNow(in: paris))
        XCTAssertFalse(record(.jpeg, taken: "2026-06-01 10:00:00", reading: nil).isReadAsNow(in: paris))
    }
}
