import XCTest

@testable import TesseraServe

/// Which `Host` headers are answered: never a name a DNS-rebinding page could use.
final class HostPolicyTests: XCTestCase {
    func testLoopbackAnswersItsAddressAndLocalhostWithThePort() {
        let policy = HostPolicy(listeningOn: "127.0.0.1")
        for header in ["127.0.0.1:8000", "localhost:8000", "LOCALHOST:8000"] {
            XCTAssertTrue(policy.accepts(header, port: 8000), header)
        }
        XCTAssertTrue(policy.accepts(nil, port: 8000), "no Host at all is not a browser")
    }

    func testOtherNamesOtherPortsAndMalformedHeadersAreRefused() {
        let policy = HostPolicy(listeningOn: "127.0.0.1")
        let refused = [
            "evil.example:8000", "evil.example", "127.0.0.1.evil.example:8000", "localhost.evil.example:8000",
            "127.0.0.1:8001", "localhost:80", "127.0.0.1", "localhost", "10.0.0.7:8000", "[::1]:8000",
            "", ":8000", "127.0.0.1:", "127.0.0.1:8000:8000", "127.0.0.1:+8000", "127.0.0.1:99999", "[::1",
            "::1:8000", "127.0.0.1 :8000",
        ]
        for header in refused { XCTAssertFalse(policy.accepts(header, port: 8000), header) }
    }

    func testPortEightyMayBeLeftOut() {
        let policy = HostPolicy(listeningOn: "127.0.0.1")
        XCTAssertTrue(policy.accepts("localhost", port: 80))
        XCTAssertTrue(policy.accepts("127.0.0.1:80", port: 80))
        XCTAssertFalse(policy.accepts("evil.example", port: 80))
    }

    func testIPv6LoopbackAnswersAnyWritingOfItsAddress() {
        let policy = HostPolicy(listeningOn: "::1")
        XCTAssertTrue(policy.accepts("[::1]:8000", port: 8000))
        XCTAssertTrue(policy.accepts("[0:0:0:0:0:0:0:1]:8000", port: 8000))
        XCTAssertTrue(policy.accepts("localhost:8000", port: 8000))
        XCTAssertFalse(policy.accepts("127.0.0.1:8000", port: 8000))
    }

    func testAConfiguredAddressIsAnswered() {
        let policy = HostPolicy(listeningOn: "192.168.1.20")
        XCTAssertTrue(policy.accepts("192.168.1.20:8000", port: 8000))
        XCTAssertTrue(policy.accepts("localhost:8000", port: 8000))
        XCTAssertFalse(policy.accepts("192.168.1.21:8000", port: 8000))
        XCTAssertFalse(policy.accepts("photos.lan:8000", port: 8000))
    }

    func testEveryAddressAnswersAnyAddressLiteralButNoName() {
        for wildcard in ["0.0.0.0", "::"] {
            let policy = HostPolicy(listeningOn: wildcard)
            for header in ["192.168.1.20:8000", "10.0.0.7:8000", "[fe80::1]:8000", "localhost:8000"] {
                XCTAssertTrue(policy.accepts(header, port: 8000), "\(wildcard): \(header)")
            }
            for header in ["evil.example:8000", "photos.lan:8000", "192.168.1.20:9000"] {
                XCTAssertFalse(policy.accepts(header, port: 8000), "\(wildcard): \(header)")
            }
        }
    }

    func testLocalhostAsTheHostAnswersItsAddressToo() {
        let policy = HostPolicy(listeningOn: "localhost")
        XCTAssertTrue(policy.accepts("localhost:8000", port: 8000))
        XCTAssertTrue(policy.accepts("127.0.0.1:8000", port: 8000))
    }
}
