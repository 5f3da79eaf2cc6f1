import Foundation
import Synchronization
import TesseraTestSupport
import XCTest

@testable import TesseraServe

/// Changes rebuild the site and reload open pages; a failed rebuild keeps the last good
/// site and shows its message.
final class LivePreviewTests: XCTestCase {
    func testEditsRebuildReloadAndFailuresKeepTheLastGoodSite() throws {
        let folder = try TemporaryFolder()
        let input = try folder.folder("input")
        let site = try folder.folder("site")
        try folder.write("input/caption.txt", Array("first".utf8))
        // A stand-in for the real build: the caption becomes the page, "FAIL" fails it.
        let rebuild: @Sendable () -> Result<Void, RebuildFailure> = {
            let caption = (try? String(contentsOf: input.appendingPathComponent("caption.txt"), encoding: .utf8)) ?? ""
            if caption.contains("FAIL") {
                return .failure(RebuildFailure(message: "caption.txt: cannot build \(caption)"))
            }
            let page = "<html><body>\(caption)</body></html>"
            try? Data(page.utf8).write(to: site.appendingPathComponent("index.html"), options: .atomic)
            return .success(())
        }
        _ = rebuild()
        let events = Mutex<[LivePreview.Event]>([])
        var configuration = LivePreview.Configuration(server: .init(root: site), watchedPaths: [input])
        configuration.quietPeriod = .milliseconds(100)
        let preview = try LivePreview(configuration, rebuild: rebuild) { event in events.withLock { $0.append(event) } }
        defer { preview.stop() }
        let port = try preview.serve().port

        let page = try RawConnection(port: port)
        try page.send("GET /__tessera/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        _ = try page.receive(until: "retry: 1000")

        try folder.write("input/caption.txt", Array("second".utf8))
        XCTAssertTrue(try page.receive(until: "event: reload").contains("reload"))
        XCTAssertTrue(try RawConnection.request(port: port, path: "/").text.contains("<body>second"))

        try folder.write("input/caption.txt", Array("FAIL now".utf8))
        XCTAssertTrue(
            try page.receive(until: "data: caption.txt: cannot build FAIL now").contains("event: build-error"))
        XCTAssertTrue(try RawConnection.request(port: port, path: "/").text.contains("<body>second"), "last good site")
        XCTAssertTrue(
            waitUntil { events.withLock { $0.contains(.rebuildFailed(message: "caption.txt: cannot build FAIL now")) } }
        )

        try folder.write("input/caption.txt", Array("fixed".utf8))
        XCTAssertTrue(try page.receive(until: "event: reload").contains("reload"))
        XCTAssertTrue(waitUntil { events.withLock { $0.last == .rebuilt } })
        XCTAssertTrue(events.withLock { $0.first == .rebuilding })
    }

    /// A source a build reads from now on (`templates:` added to tessera.yaml while
    /// serving) is watched from that build: its edits were never seen.
    func testASourceNamedByARebuildIsWatchedFromThen() throws {
        let folder = try TemporaryFolder()
        let input = try folder.folder("input")
        let theme = try folder.folder("theme")
        let site = try folder.folder("site")
        try folder.write("input/tessera.yaml", Array("title: Home\n".utf8))
        try folder.write("theme/album.mustache", Array("v1".utf8))
        let builds = Mutex(0)
        let rebuild: @Sendable () -> Result<Void, RebuildFailure> = {
            builds.withLock { $0 += 1 }
            return .success(())
        }
        var configuration = LivePreview.Configuration(server: .init(root: site), watchedPaths: [input])
        configuration.quietPeriod = .milliseconds(100)
        // What the settings name now: the theme, once tessera.yaml says so.
        configuration.watchedPathsNow = {
            let settings =
                (try? String(contentsOf: input.appendingPathComponent("tessera.yaml"), encoding: .utf8)) ?? ""
            return [input] + (settings.contains("templates:") ? [theme] : [])
        }
        let rebuilt = Mutex(0)
        let preview = try LivePreview(configuration, rebuild: rebuild) { event in
            if event == .rebuilt { rebuilt.withLock { $0 += 1 } }
        }
        defer { preview.stop() }
        _ = try preview.serve()

        try folder.write("input/tessera.yaml", Array("title: Home\ntemplates: ../theme\n".utf8))
        XCTAssertTrue(waitUntil { rebuilt.withLock { $0 } == 1 }, "the settings' edit rebuilds")
        try folder.write("theme/album.mustache", Array("v2".utf8))
        XCTAssertTrue(waitUntil { builds.withLock { $0 } == 2 }, "and the theme it names is watched from then")
    }

    /// `tessera serve` on a new site: the first build makes the JPEGs and the server
    /// starts; the rest of it (AVIF) runs while the site is served, and open pages reload
    /// when it ends. Here the rest waits for the test's word, so the order is certain.
    func testTheJPEGSiteIsServedBeforeTheRestOfTheFirstBuildEnds() throws {
        let folder = try TemporaryFolder()
        let site = try folder.folder("site")
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 60) + [0xFF, 0xD9]
        // The JPEG pass: a page whose image is a JPEG, and no AVIF anywhere.
        try folder.write("site/photo.jpg", jpeg)
        try folder.write("site/index.html", Array("<html><body><img src=\"photo.jpg\"></body></html>".utf8))
        let go = DispatchSemaphore(value: 0)
        let finished = Mutex(false)
        let finish: @Sendable () -> Result<Void, RebuildFailure> = {
            go.wait()
            try? Data([0, 0, 0, 0x1C] + Array("ftypavif".utf8)).write(to: site.appendingPathComponent("photo.avif"))
            let page =
                "<html><body><picture><source srcset=\"photo.avif\" type=\"image/avif\"><img src=\"photo.jpg\"></picture></body></html>"
            try? Data(page.utf8).write(to: site.appendingPathComponent("index.html"), options: .atomic)
            finished.withLock { $0 = true }
            return .success(())
        }
        let events = Mutex<[LivePreview.Event]>([])
        let preview = try LivePreview(
            LivePreview.Configuration(server: .init(root: site), watchedPaths: []),
            rebuild: { .success(()) }, onEvent: { event in events.withLock { $0.append(event) } })
        defer {
            go.signal()
            preview.stop()
        }
        let port = try preview.serve(finish: finish).port
        let events2 = try RawConnection(port: port)
        try events2.send("GET /__tessera/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        _ = try events2.receive(until: "retry: 1000")

        // Served while the rest of the build has not ended: the page and its working JPEG.
        let page = try RawConnection.request(port: port, path: "/")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("<img src=\"photo.jpg\">"))
        XCTAssertFalse(page.text.contains("avif"))
        let image = try RawConnection.request(port: port, path: "/photo.jpg")
        XCTAssertEqual(image.status, 200)
        XCTAssertEqual(image.header("Content-Type"), "image/jpeg")
        XCTAssertEqual(image.body, jpeg)
        XCTAssertEqual(try RawConnection.request(port: port, path: "/photo.avif").status, 404)
        XCTAssertFalse(finished.withLock { $0 })
        XCTAssertEqual(events.withLock { $0 }, [.rebuilding])

        go.signal()
        XCTAssertTrue(try events2.receive(until: "event: reload").contains("reload"))
        XCTAssertTrue(try RawConnection.request(port: port, path: "/").text.contains("image/avif"))
        XCTAssertEqual(try RawConnection.request(port: port, path: "/photo.avif").status, 200)
        XCTAssertTrue(waitUntil { events.withLock { $0 == [.rebuilding, .rebuilt] } })
    }

    func testTheInputFolderDeletedAndPutBackRebuildsAndClearsTheBanner() throws {
        let folder = try TemporaryFolder()
        let input = try folder.folder("input")
        let site = try folder.folder("site")
        try folder.write("input/caption.txt", Array("first".utf8))
        let rebuild: @Sendable () -> Result<Void, RebuildFailure> = {
            guard let caption = try? String(contentsOf: input.appendingPathComponent("caption.txt"), encoding: .utf8)
            else { return .failure(RebuildFailure(message: "input: the folder of photos is missing")) }
            try? Data("<html><body>\(caption)</body></html>".utf8).write(
                to: site.appendingPathComponent("index.html"), options: .atomic)
            return .success(())
        }
        _ = rebuild()
        var configuration = LivePreview.Configuration(server: .init(root: site), watchedPaths: [input])
        configuration.quietPeriod = .milliseconds(100)
        let preview = try LivePreview(configuration, rebuild: rebuild)
        defer { preview.stop() }
        let port = try preview.serve().port
        let page = try RawConnection(port: port)
        try page.send("GET /__tessera/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        _ = try page.receive(until: "retry: 1000")

        try FileManager.default.removeItem(at: input)
        XCTAssertTrue(try page.receive(until: "data: input: the folder of photos is missing").contains("event: "))
        try folder.write("input/caption.txt", Array("restored".utf8))
        XCTAssertTrue(try page.receive(until: "event: reload").contains("reload"), "putting it back rebuilds")
        XCTAssertTrue(try RawConnection.request(port: port, path: "/").text.contains("<body>restored"))
        let later = try RawConnection(port: port)
        try later.send("GET /__tessera/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        let greeting = try later.receive(until: "retry: 1000")
        XCTAssertFalse(greeting.contains("the folder of photos is missing"), "no banner any more")
        try folder.write("input/caption.txt", Array("edited".utf8))
        XCTAssertTrue(try page.receive(until: "event: reload").contains("reload"), "and it is still watched")
    }

    /// `tessera serve` watches before its first build: a photo added while that build
    /// runs (here, by the stand-in first build itself, after it has read the folder) is
    /// built by one rebuild once the site is served, not left out until the next edit.
    func testAChangeWhileTheFirstBuildRunsIsBuiltOnceServing() throws {
        let folder = try TemporaryFolder()
        let input = try folder.folder("input")
        let site = try folder.folder("site")
        try folder.write("input/a.jpg", [1])
        // A stand-in build: the page lists the folder's files as it finds them.
        let build: @Sendable () -> Result<Void, RebuildFailure> = {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: input.path)) ?? []).sorted()
            try? Data("<html><body>\(names.joined(separator: " "))</body></html>".utf8).write(
                to: site.appendingPathComponent("index.html"), options: .atomic)
            return .success(())
        }
        let rebuilds = Mutex(0)
        var configuration = LivePreview.Configuration(server: .init(root: site), watchedPaths: [input])
        configuration.quietPeriod = .milliseconds(100)
        let preview = try LivePreview(configuration) {
            rebuilds.withLock { $0 += 1 }
            return build()
        }
        defer { preview.stop() }
        _ = build()
        try folder.write("input/b.jpg", [2])
        // Well past the quiet period, so the watcher has settled the change before serving.
        Thread.sleep(forTimeInterval: 0.4)
        XCTAssertEqual(rebuilds.withLock { $0 }, 0, "nothing rebuilds before the site is served")
        let port = try preview.serve().port
        XCTAssertTrue(
            waitUntil { (try? RawConnection.request(port: port, path: "/").text.contains("a.jpg b.jpg")) == true },
            "the photo added during the first build is on the page")
        XCTAssertEqual(rebuilds.withLock { $0 }, 1)
    }

    func testWithoutWatchedPathsTheSiteIsServedAsItIs() throws {
        let folder = try TemporaryFolder()
        let site = try folder.folder("site")
        try folder.write("site/index.html", Array("<p>hi".utf8))
        let preview = try LivePreview(.init(server: .init(root: site), watchedPaths: [])) { .success(()) }
        XCTAssertTrue(try RawConnection.request(port: preview.serve().port, path: "/").text.hasPrefix("<p>hi"))
        preview.stop()
        preview.stop()
    }

    func testAMissingWatchedFolderIsReportedAndNothingKeepsRunning() throws {
        let folder = try TemporaryFolder()
        let site = try folder.folder("site")
        let missing = folder.url.appendingPathComponent("no/such/photos")
        XCTAssertThrowsError(
            try LivePreview(.init(server: .init(root: site), watchedPaths: [missing])) { .success(()) }
        ) { error in
            guard case .watcher = error as? LivePreviewError else { return XCTFail("\(error)") }
        }
    }
}
