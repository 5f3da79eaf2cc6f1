import Foundation
import XCTest

@testable import TesseraCore

/// A clip dated in UTC alone (Android's `creation_time`) is shown on the clock its photos
/// recorded (`OffsetTimeOriginal`): a holiday in Tokyo built at home in Paris showed a clip
/// recorded at 10:00:30 there as 03:00:30 and sorted it hours before the photos around it.
final class ClockOffsetsTests: XCTestCase {
    private let paris = TimeZone(identifier: "Europe/Paris")!

    private func photo(_ taken: String, _ minutes: Int?) -> PhotoInfo {
        PhotoInfo(
            format: .jpeg, storedSize: PixelSize(width: 4, height: 3),
            metadata: PhotoMetadata(dateTaken: taken, utcOffsetMinutes: minutes))
    }

    private func android(_ utc: String) -> Manifest.KnownPhoto {
        let video = VideoInfo(
            container: "mov,mp4,m4a,3gp,3g2,mj2", duration: 2, codedSize: PixelSize(width: 64, height: 48),
            video: VideoStreamInfo(index: 0, codec: "h264"),
            recorded: RecordingDate(dateTime: utc, utcOffsetMinutes: 0, source: .creationTime))
        return Manifest.KnownPhoto(
            byteCount: 1, modified: 0, contentHash: "c", info: SiteBuilder.posterInfo(of: video, format: .mp4),
            video: video)
    }

    private func shown(_ clip: Manifest.KnownPhoto, among photos: [PhotoInfo]) -> String? {
        SiteBuilder.pageInfo(of: clip, offsets: ClockOffsets(photos), in: paris).metadata.dateTaken
    }

    func testAClipOnATripIsShownOnTheClockOfThePhotosTakenAroundIt() {
        let tokyo = [photo("2025-06-01 09:55:00", 540), photo("2025-06-01 10:10:00", 540)]
        XCTAssertEqual(shown(android("2025-06-01 01:00:30"), among: tokyo), "2025-06-01 10:00:30")
        XCTAssertEqual(
            shown(android("2025-06-01 01:00:30"), among: []), "2025-06-01 03:00:30",
            "without photos that record their clock, the build's own")
        XCTAssertEqual(
            shown(android("2025-06-01 01:00:30"), among: [photo("2025-06-01 09:55:00", nil)]), "2025-06-01 03:00:30",
            "a photo without an offset says nothing of its clock")
    }

    func testTheNearestPhotoInTimeGivesTheClockAcrossAFlightHome() {
        // Tokyo until the 3rd, then New York (−4 h) from the 4th.
        let trip = [
            photo("2025-06-02 20:00:00", 540), photo("2025-06-03 08:00:00", 540), photo("2025-06-04 18:00:00", -240),
        ]
        XCTAssertEqual(shown(android("2025-06-02 23:30:00"), among: trip), "2025-06-03 08:30:00", "in Tokyo")
        XCTAssertEqual(shown(android("2025-06-04 21:00:00"), among: trip), "2025-06-04 17:00:00", "in New York")
        XCTAssertEqual(
            shown(android("2025-07-01 12:00:00"), among: trip), "2025-07-01 14:00:00",
            "a month after the trip, the build's clock: no photo within two days")
        XCTAssertEqual(
            shown(android("2025-06-06 09:00:00"), among: trip), "2025-06-06 05:00:00",
            "a day and a half after the last photo, still its clock")
    }

    func testTheOrderOfThePhotosGivenMakesNoDifference() {
        let photos = [
            photo("2025-06-01 12:00:00", 60), photo("2025-06-01 12:00:00", 120), photo("2025-06-01 09:00:00", -300),
        ]
        // At 10:30 UTC the +01:00 photo (11:00 UTC) and the +02:00 one (10:00 UTC) are as
        // near: the earlier one's clock, whatever the order.
        let clip = android("2025-06-01 10:30:00")
        let answers = Set(
            [photos, photos.reversed(), [photos[1], photos[2], photos[0]]].map { shown(clip, among: $0) })
        XCTAssertEqual(answers, ["2025-06-01 12:30:00"])
    }

    func testAnIPhoneClipKeepsItsOwnClock() {
        let video = VideoInfo(
            container: "mov,mp4,m4a,3gp,3g2,mj2", duration: 2, codedSize: PixelSize(width: 64, height: 48),
            video: VideoStreamInfo(index: 0, codec: "h264"),
            recorded: RecordingDate(
                dateTime: "2025-06-01 10:00:30", utcOffsetMinutes: 540, source: .quickTimeCreationDate))
        let clip = Manifest.KnownPhoto(
            byteCount: 1, modified: 0, contentHash: "c", info: SiteBuilder.posterInfo(of: video, format: .mov),
            video: video)
        XCTAssertEqual(shown(clip, among: [photo("2025-06-01 10:00:00", -240)]), "2025-06-01 10:00:30")
    }

    func testTheOffsetDatesPagesNotTheFilesMadeFromThePhoto() {
        let withOffset = photo("2025-06-01 09:55:00", 540)
        XCTAssertEqual(withOffset.inRecipes, photo("2025-06-01 09:55:00", nil))
        XCTAssertEqual(
            Fingerprint.of(withOffset.inRecipes, context: []),
            Fingerprint.of(photo("2025-06-01 09:55:00", nil), context: []))
    }
}
