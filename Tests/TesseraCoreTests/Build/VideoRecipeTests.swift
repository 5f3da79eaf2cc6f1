import Foundation
import XCTest

@testable import TesseraCore

/// What a clip's recipe and its poster's fingerprint hold, so that a site built before makes
/// again the files a fix changes and no other. A clip copied into its MP4 now loses its
/// stream's SEI messages (a dashcam's position rode in their user data): its recipe says so,
/// so a site built before copies it again, and an encoded clip's recipe, and so its file,
/// stays as it was.
final class VideoRecipeTests: XCTestCase {
    private func clip(codec: String, matrix: String? = "bt709") -> VideoInfo {
        VideoInfo(
            container: "mov,mp4,m4a,3gp,3g2,mj2", duration: 2, codedSize: PixelSize(width: 640, height: 360),
            video: VideoStreamInfo(
                index: 0, codec: codec, profile: "High", pixelFormat: "yuv420p", matrix: matrix, bitRate: 900_000))
    }

    func testOnlyACopiedClipsRecipeChanges() throws {
        let copied = SiteBuilder.VideoRecipe(contentHash: "c", info: clip(codec: "h264"), rendition: .web)
        let encoded = SiteBuilder.VideoRecipe(contentHash: "c", info: clip(codec: "hevc"), rendition: .web)
        XCTAssertEqual(copied.copyCleaning, 1)
        XCTAssertNil(encoded.copyCleaning)
        var before = copied
        before.copyCleaning = nil
        XCTAssertNotEqual(
            Fingerprint.of(copied, context: ["5.1"]), Fingerprint.of(before, context: ["5.1"]),
            "a site built before copies the clip again, without its SEI")
        // The field is left out when nil: an encoded clip's digest is the one it had.
        let earlier = EarlierRecipe(contentHash: encoded.contentHash, info: encoded.info, rendition: encoded.rendition)
        XCTAssertEqual(Fingerprint.of(encoded, context: ["5.1"]), Fingerprint.of(earlier, context: ["5.1"]))
    }

    /// An HD clip that names no colour matrix was published untagged, which Chromium reads as
    /// BT.601 though its poster is read as BT.709: a site built before makes every clip
    /// without a matrix again, copied or encoded, now tagged; a clip that names it stays.
    func testAClipWithoutAMatrixIsMadeAgainAndOneWithItIsNot() {
        for codec in ["h264", "hevc"] {
            let untagged = SiteBuilder.VideoRecipe(
                contentHash: "c", info: clip(codec: codec, matrix: nil), rendition: .web)
            var before = untagged
            before.impliedColourTags = nil
            XCTAssertNotEqual(
                Fingerprint.of(untagged, context: ["5.1"]), Fingerprint.of(before, context: ["5.1"]), codec)
        }
        let tagged = SiteBuilder.VideoRecipe(contentHash: "c", info: clip(codec: "hevc"), rendition: .web)
        XCTAssertNil(tagged.impliedColourTags)
        let earlier = EarlierRecipe(contentHash: tagged.contentHash, info: tagged.info, rendition: tagged.rendition)
        XCTAssertEqual(Fingerprint.of(tagged, context: ["5.1"]), Fingerprint.of(earlier, context: ["5.1"]))
    }

    /// ffmpeg wrote a tagged clip's primaries and transfer into its poster's PNG, which the
    /// photo pipeline then converted by: a site built before makes those posters again, and
    /// keeps those of clips that name neither (their PNG had no colour chunk).
    func testATaggedClipsPosterIsMadeAgainAndAnUntaggedOnesIsNot() {
        var tagged = clip(codec: "h264")
        tagged.video.primaries = "bt709"
        tagged.video.transferName = "bt709"
        XCTAssertNotEqual(SiteBuilder.posterContext("5.1", tagged), "5.1")
        tagged.video.primaries = nil
        XCTAssertNotEqual(SiteBuilder.posterContext("5.1", tagged), "5.1", "PAL's gamma28 alone made a gAMA chunk")
        XCTAssertEqual(SiteBuilder.posterContext("5.1", clip(codec: "h264")), "5.1")
    }

    /// The recipe as builds before this one wrote it.
    private struct EarlierRecipe: Encodable {
        var contentHash: String
        var info: VideoInfo
        var rendition: VideoRendition
    }
}
