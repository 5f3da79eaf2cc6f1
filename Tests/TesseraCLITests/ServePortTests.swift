import Foundation
import Glibc
import TesseraServe
import TesseraTestSupport
import XCTest

/// `tessera serve` on a port another program holds: it said so only after its first build
/// (minutes for a big folder), then stopped; now it says so at once and builds nothing.
final class ServePortTests: XCTestCase {
    func testABusyPortIsSaidBeforeBuildingAnything() throws {
        let workspace = try SampleWorkspace()
        let holder = try HeldPort()
        defer { close(holder.socket) }

        let result = try InProcessCLI.run(
            ["serve", "photos", "-o", "site", "--port", String(holder.port), "--no-watch"], in: workspace.url)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "cannot listen on 127.0.0.1 port \(holder.port): another program is using that port"),
            result.stderr)
        XCTAssertTrue(result.stderr.contains("--port 0"), "it says what to do: \(result.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: workspace.site.path), "nothing was built")
    }

    /// A second serve on a folder another one serves (a forgotten terminal) started and
    /// rebuilt it in turn, each serving what the other built last: refused at once, saying
    /// which process holds it (here, this test's, standing for the first serve).
    func testASecondServeOnTheSameSiteIsRefusedBeforeBuildingAnything() throws {
        let workspace = try SampleWorkspace()
        let first = try FolderClaim(folder: workspace.site)
        let result = try InProcessCLI.run(
            ["serve", "photos", "-o", "site", "--port", "0", "--no-watch"], in: workspace.url)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "another tessera serve (process \(getpid())) is serving and rebuilding \(workspace.site.path); "
                    + "stop it"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: workspace.site.path), "nothing was built")
        withExtendedLifetime(first) {}
    }

    /// `--host` with an address this machine does not have and `--port 0` built the whole
    /// site, then blamed the port: the address is named at once.
    func testAnAddressThisMachineLacksIsSaidBeforeBuildingAnything() throws {
        let workspace = try SampleWorkspace()
        let result = try InProcessCLI.run(
            ["serve", "photos", "-o", "site", "--host", "192.0.2.1", "--port", "0", "--no-watch"], in: workspace.url)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("cannot listen on 192.0.2.1: this machine has no such address; pass --host"),
            result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: workspace.site.path), "nothing was built")
    }

    /// A port on 127.0.0.1 that this test listens on.
    private struct HeldPort {
        let socket: Int32
        let port: UInt16

        init() throws {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { throw XCTSkip("no socket: \(String(cString: strerror(errno)))") }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = 0
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let listening = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socket, $0, length) == 0 && listen(socket, 1) == 0 && getsockname(socket, $0, &length) == 0
                }
            }
            guard listening else {
                close(socket)
                throw XCTSkip("cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))")
            }
            self.socket = socket
            port = UInt16(bigEndian: address.sin_port)
        }
    }
}
