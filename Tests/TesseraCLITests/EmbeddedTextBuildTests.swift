import Foundation
import XCTest

/// Embedded captions through the real binary: exempi prints every XML error to standard
/// error itself, and a user must see only Tessera's own lines there.
final class EmbeddedTextBuildTests: XCTestCase {
    func testDamagedXMPNeitherStopsTheBuildNorReachesStandardError() throws {
        let workspace = try SampleWorkspace()
        let photo = workspace.photos.appendingPathComponent("Ridge panorama.jpg")
        let jpeg = try [UInt8](Data(contentsOf: photo))
        let packet = #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><<<"#
        let payload = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(packet.utf8)
        let segment = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        try Data(jpeg.prefix(2) + segment + jpeg.dropFirst(2)).write(to: photo)

        // JPEG only: what exempi writes to descriptor 2 is the point, not the AVIF encoder.
        let result = try Tessera.run(
            ["build", "photos", "-o", "site", "--formats", "none"], in: workspace.url, timeout: 300)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.messages, "", "nothing but Tessera's own lines (progress aside) on standard error")
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: workspace.site.appendingPathComponent("ridge-panorama.html").path),
            "the photo with the damaged packet is still published")
    }
}
