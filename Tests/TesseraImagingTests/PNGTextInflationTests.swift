import CZlib
import XCTest

@testable import TesseraImaging

/// The zlib the metadata reader is handed for a PNG's compressed text chunks: what zlib
/// compressed comes back whole, and a damaged, cut or oversized stream gives nothing.
final class PNGTextInflationTests: XCTestCase {
    /// `bytes` compressed by zlib at its default level, as a PNG writer stores a `zTXt` text.
    private func compressed(_ bytes: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = bytes.withUnsafeBufferPointer { input in
            compress2(&output, &length, input.baseAddress, uLong(bytes.count), Z_DEFAULT_COMPRESSION)
        }
        XCTAssertEqual(status, Z_OK)
        return Array(output.prefix(Int(length)))
    }

    private func inflate(_ bytes: [UInt8], limit: Int = 1 << 20) -> [UInt8]? {
        bytes.withUnsafeBytes { PNGTextInflation.inflate($0, limit: limit) }
    }

    func testWhatZlibCompressedComesBackWhole() {
        let text = Array(("\nexif\n     120\n" + String(repeating: "4578696600004d4d002a", count: 12)).utf8)
        XCTAssertEqual(inflate(compressed(text)), text)
        XCTAssertEqual(inflate(compressed(text), limit: text.count), text, "exactly the limit")
    }

    func testADamagedCutOrOversizedStreamGivesNothing() {
        let text = Array(String(repeating: "0", count: 100_000).utf8)
        let stream = compressed(text)
        XCTAssertNil(inflate(stream, limit: text.count - 1), "a stream inflating past the limit stops there")
        XCTAssertNil(inflate(Array(stream.prefix(stream.count / 2))), "cut short")
        var damaged = stream
        damaged[0] ^= 0xFF
        XCTAssertNil(inflate(damaged), "not a zlib header")
        XCTAssertNil(inflate([]))
        XCTAssertNil(inflate(text), "not a zlib stream at all")
    }
}
