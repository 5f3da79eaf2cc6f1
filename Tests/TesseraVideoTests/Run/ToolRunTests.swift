import Foundation
import Synchronization
import TesseraTestSupport
import XCTest

@testable import TesseraCore
@testable import TesseraVideo

/// Running a tool as a process, with stand-in scripts: it is stopped when it runs too long
/// or is cancelled (and is gone afterwards), it may not flood memory, and a missing
/// ffmpeg is one clear line.
final class ToolRunTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    /// A shell script that records its process id in `pid` and then runs `body`.
    func script(_ name: String, _ body: String) throws -> URL {
        let file = try folder.write(name, Array("#!/bin/sh\necho $$ > \(folder.url.path)/\(name).pid\n\(body)\n".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        return file
    }

    /// Whether the process the script recorded still exists.
    func isAlive(_ name: String) throws -> Bool {
        let text = try String(contentsOf: folder.url.appendingPathComponent("\(name).pid"), encoding: .utf8)
        let pid = try XCTUnwrap(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        return kill(pid, 0) == 0
    }

    func testAToolThatRunsTooLongIsKilled() throws {
        let tool = try script("sleeper", "exec sleep 600")
        XCTAssertThrowsError(try ToolRun(tool: "ffmpeg", executable: tool, arguments: [], timeLimit: 1).run()) {
            XCTAssertEqual($0 as? VideoProblem, .timedOut(tool: "ffmpeg", seconds: 1))
            XCTAssertEqual("\($0)", "ffmpeg was stopped after 1 s, longer than a clip this long should take")
        }
        XCTAssertFalse(try isAlive("sleeper"))
    }

    func testCancellingFromTheProgressReportKillsTheTool() throws {
        let tool = try script(
            "encoder", "echo out_time_us=1000000; echo progress=continue; exec sleep 600")
        let cancellation = VideoCancellation()
        let reader = ProgressReader(duration: 4) { _ in cancellation.cancel() }
        XCTAssertThrowsError(
            try ToolRun(tool: "ffmpeg", executable: tool, arguments: [], timeLimit: 600, keepsOutput: false)
                .run(cancellation: cancellation, onLine: { reader.read($0) })
        ) { XCTAssertEqual($0 as? VideoProblem, .cancelled) }
        XCTAssertFalse(try isAlive("encoder"))
    }

    func testCancellingTheCallingTaskKillsTheTool() async throws {
        let tool = try script("task", "exec sleep 600")
        let started = folder.url.appendingPathComponent("task.pid")
        let work = Task.detached { () -> VideoProblem? in
            do {
                _ = try ToolRun(tool: "ffmpeg", executable: tool, arguments: [], timeLimit: 600).run()
                return nil
            } catch {
                return error as? VideoProblem
            }
        }
        while !FileManager.default.fileExists(atPath: started.path) { try await Task.sleep(for: .milliseconds(20)) }
        work.cancel()
        let problem = await work.value
        XCTAssertEqual(problem, .cancelled)
        XCTAssertFalse(try isAlive("task"))
    }

    /// What a stopping build does (`RunningTools.stopAll`, on Ctrl-C): the tool running
    /// is killed and its run ends as cancelled, and a tool asked for afterwards never starts.
    func testStoppingEveryToolKillsTheRunningOneAndStartsNoMore() throws {
        let tool = try script("encoding", "exec sleep 600")
        let never = try script("never-started", "touch \(folder.url.path)/ran")
        let running = RunningTools()
        let problem = Mutex<VideoProblem?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do throws(VideoProblem) {
                _ = try ToolRun(tool: "ffmpeg", executable: tool, arguments: [], timeLimit: 600, running: running).run()
            } catch {
                problem.withLock { $0 = error }
            }
            done.signal()
        }
        let started = folder.url.appendingPathComponent("encoding.pid")
        let deadline = Date(timeIntervalSinceNow: 30)
        while !FileManager.default.fileExists(atPath: started.path), Date() < deadline { usleep(10_000) }
        XCTAssertEqual(running.processes.count, 1, "the run is recorded while its tool runs")
        running.stopAll()
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success, "the run ends once its tool is killed")
        XCTAssertEqual(problem.withLock { $0 }, .cancelled)
        XCTAssertFalse(try isAlive("encoding"))
        XCTAssertEqual(running.processes, [], "an ended run is no longer recorded")
        XCTAssertThrowsError(
            try ToolRun(tool: "ffprobe", executable: never, arguments: [], timeLimit: 600, running: running).run()
        ) { XCTAssertEqual($0 as? VideoProblem, .cancelled) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("ran").path))
    }

    /// Every ffprobe and ffmpeg run's Process, with its environment and pipes, is freed
    /// once the run returns, whether the tool finished or was killed: LeakSanitizer found
    /// each one kept by a cycle in Foundation's Process until `waitUntilExit()`.
    func testARunLetsGoOfItsProcess() throws {
        let quick = try script("quick", "echo done")
        let sleeper = try script("held", "exec sleep 600")
        weak var finished: Process?
        weak var killed: Process?
        do {
            let process = Process()
            finished = process
            let result = try ToolRun(tool: "ffprobe", executable: quick, arguments: [], timeLimit: 600).run(in: process)
            XCTAssertEqual(String(decoding: result.output, as: UTF8.self), "done\n")
        }
        do {
            let process = Process()
            killed = process
            XCTAssertThrowsError(
                try ToolRun(tool: "ffmpeg", executable: sleeper, arguments: [], timeLimit: 1).run(in: process))
        }
        // Foundation's thread that calls the termination handler holds the Process until
        // it ends, a moment after the run returns.
        let patience = Date().addingTimeInterval(30)
        while finished != nil || killed != nil, Date() < patience { usleep(10_000) }
        XCTAssertNil(finished, "a finished run's Process is never freed")
        XCTAssertNil(killed, "a killed run's Process is never freed")
    }

    func testAFloodOfOutputIsStopped() throws {
        let tool = try script("flood", "exec yes tessera")
        XCTAssertThrowsError(
            try ToolRun(tool: "ffprobe", executable: tool, arguments: [], timeLimit: 600, outputLimit: 1 << 20).run()
        ) { XCTAssertEqual("\($0)", "ffprobe failed: it printed more than 1 MiB") }
        XCTAssertFalse(try isAlive("flood"))
    }

    func testMuchOnStandardErrorNeitherBlocksNorIsAllKept() throws {
        let tool = try script(
            "chatty", "i=0; while [ $i -lt 2000 ]; do echo \"warning line $i of many\" >&2; i=$((i+1)); done; echo done"
        )
        let result = try ToolRun(tool: "ffmpeg", executable: tool, arguments: [], timeLimit: 600).run()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(String(decoding: result.output, as: UTF8.self), "done\n")
        XCTAssertLessThanOrEqual(result.errors.utf8.count, StreamCollector.errorTail)
        XCTAssertTrue(result.errors.hasSuffix("warning line 1999 of many\n"))
    }

    func testProgressCountsUpToTheWhole() {
        let reports = Mutex<[TranscodeProgress]>([])
        let reader = ProgressReader(duration: 4) { report in reports.withLock { $0.append(report) } }
        for line in [
            "frame=10", "out_time_us=N/A", "progress=continue", "out_time_us=1000000", "progress=continue",
            "out_time_us=3000000", "progress=continue", "out_time_us=4100000", "progress=end",
        ] {
            reader.read(Substring(line))
        }
        XCTAssertEqual(reports.withLock { $0.map(\.fraction) }, [0, 0.25, 0.75, 1])
        XCTAssertEqual(reports.withLock { $0.last?.seconds }, 4.1)
    }

    func testAMissingFFmpegIsOneLineWithTheInstallCommand() throws {
        let empty = try folder.folder("empty-bin")
        let processor = FFmpegVideoProcessor(tools: VideoTools.locate(searchPath: empty.path))
        let clip = folder.url.appendingPathComponent("clip.mp4")
        XCTAssertThrowsError(try processor.probe(clip)) {
            XCTAssertEqual("\($0)", "ffprobe is not installed: install it with `sudo apt-get install ffmpeg`")
        }
        XCTAssertThrowsError(
            try processor.transcode(
                clip, info: SampleInfo.webPlayable(), to: .web, output: folder.url.appendingPathComponent("o.mp4"))
        ) { XCTAssertEqual($0 as? VideoProblem, .toolMissing("ffmpeg")) }
        XCTAssertThrowsError(try processor.posterFrame(of: clip, info: SampleInfo.webPlayable(), output: clip)) {
            XCTAssertEqual($0 as? VideoProblem, .toolMissing("ffmpeg"))
            XCTAssertFalse("\($0)".contains("\n"))
        }
    }

    func testAToolThatCrashesIsSaidToHaveCrashed() throws {
        let tool = try script("crasher", "echo 'Invalid NAL unit size' >&2; kill -SEGV $$")
        let processor = FFmpegVideoProcessor(tools: VideoTools(ffmpeg: tool, ffprobe: tool))
        XCTAssertThrowsError(try processor.probe(folder.url.appendingPathComponent("clip.mp4"))) {
            XCTAssertEqual("\($0)", "not a readable video: it crashed on this file (signal 11): Invalid NAL unit size")
        }
    }

    func testTheClipItselfIsNeverTheOutput() throws {
        let tool = try script("never-run", "touch \(folder.url.path)/ran")
        let processor = FFmpegVideoProcessor(tools: VideoTools(ffmpeg: tool, ffprobe: tool))
        let clip = try folder.write("clip.mp4", Array("the user's clip".utf8))
        XCTAssertThrowsError(try processor.transcode(clip, info: SampleInfo.webPlayable(), to: .web, output: clip)) {
            XCTAssertEqual("\($0)", "cannot write the video: the output would replace the clip itself")
        }
        XCTAssertThrowsError(try processor.posterFrame(of: clip, info: SampleInfo.webPlayable(), output: clip))
        XCTAssertEqual(try Data(contentsOf: clip), Data("the user's clip".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("ran").path))
    }

    func testAToolsLastWordsAreCleanedForAPerson() {
        let file = URL(fileURLWithPath: "/photos/Trip/clip.mp4")
        let errors =
            "[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55ab9dab61c0] moov atom not found\n"
            + "file:/photos/Trip/clip.mp4: Invalid data found when processing input\n"
        XCTAssertEqual(ToolMessage.last(errors, naming: file), "moov atom not found")
        XCTAssertEqual(
            ToolMessage.last(
                "[hls @ 0x1] Format not on whitelist 'mov,matroska'\nfile:/x: Invalid argument\n", naming: file),
            "its content is hls, not a video format Tessera publishes (MP4, MOV, MKV, WebM, AVI, MTS)")
        XCTAssertEqual(
            ToolMessage.last("Error while opening /photos/Trip/clip.mp4\u{1B}[0m\n", naming: file),
            "Error while opening clip.mp4[0m")
        XCTAssertEqual(ToolMessage.last("", naming: file), "")
    }
}
