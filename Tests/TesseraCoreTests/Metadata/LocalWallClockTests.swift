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
    }
}
