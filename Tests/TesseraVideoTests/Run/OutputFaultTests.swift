import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore
@testable import TesseraVideo

/// ffmpeg's failures sorted into the clip's and the machine's, from what it printed (taken
/// from real runs: a full tmpfs, `ulimit -f`, a missing temporary folder, damaged clips).
final class OutputFaultTests: XCTestCase {
    let output = URL(fileURLWithPath: "/site/_media/.tessera-42-clip.mp4.tmp")

    private func reason(_ errors: String, folderProblem: String? = nil) -> String? {
        OutputFault.reason(in: errors, output: output, folderProblem: folderProblem)
    }

    func testAFullDiskIsTheMachinesFault() {
        XCTAssertEqual(
            reason("Error closing file file:/site/_media/.tessera-42-clip.mp4.tmp: No space left on device\n"),
            "No space left on device")
        // The disk filled before the trailer: the muxer's lines, then the trailer's.
        XCTAssertEqual(
            reason(
                "av_interleaved_write_frame(): No space left on device\n    Last message repeated 39 times\n"
                    + "Error writing trailer of file:/site/_media/.tessera-42-clip.mp4.tmp: No space left on device\n"),
            "No space left on device")
        XCTAssertEqual(reason("av_interleaved_write_frame(): Disk quota exceeded\n"), "Disk quota exceeded")
    }

    /// ffmpeg 5.1 exits 0 after these: the file was "cannot be read back", blamed on the clip.
    func testAFileSizeLimitIsTheMachinesFault() {
        XCTAssertEqual(
            reason(
                "Error writing trailer of file:/site/_media/.tessera-42-clip.mp4.tmp: File too large\n"
                    + "Error closing file file:/site/_media/.tessera-42-clip.mp4.tmp: File too large\n"),
            "File too large")
    }

    /// A missing folder is "Input/output error" in ffmpeg's words; the folder's own reason,
    /// found by the caller, is the one told.
    func testAnOutputThatCannotBeOpenedIsTheMachinesFaultWithTheFoldersReason() {
        let errors =
            "[image2 @ 0x564fe346d0c0] Could not open file : file:/site/_media/.tessera-42-clip.mp4.tmp\n"
            + "av_interleaved_write_frame(): Input/output error\n"
        XCTAssertEqual(reason(errors, folderProblem: "No such file or directory"), "No such file or directory")
        XCTAssertEqual(reason(errors), "Input/output error")
        XCTAssertEqual(
            reason("[image2 @ 0x1] Could not open file : file:/site/_media/.tessera-42-clip.mp4.tmp\n"),
            "ffmpeg could not write it")
    }

    func testADamagedClipIsTheClipsFault() {
        XCTAssertNil(
            reason(
                "[h264 @ 0x55] Invalid NAL unit size (1234 > 567).\n"
                    + "Error while decoding stream #0:0: Invalid data found when processing input\n"))
        // A muxer refusing the clip's packets is about the clip, not the disk.
        XCTAssertNil(reason("av_interleaved_write_frame(): Invalid argument\n"))
        // The clip (not the output) unreadable is the read stage's, said as it always was.
        XCTAssertNil(reason("file:/photos/clip.mp4: Permission denied\n"))
        // A folder the caller could not write, with nothing of it in ffmpeg's words: the
        // failure was elsewhere.
        XCTAssertNil(reason("moov atom not found\n", folderProblem: "Read-only file system"))
        XCTAssertNil(reason(""))
    }

    /// The words are the C library's, as ffmpeg prints them.
    func testTheReasonsAreTheSystemsOwnWords() {
        XCTAssertTrue(OutputFault.reasons.contains("No space left on device"))
        XCTAssertTrue(OutputFault.reasons.contains("File too large"))
        XCTAssertTrue(OutputFault.reasons.contains("Read-only file system"))
    }

    /// A tool that cannot be started is the machine's fault, named with the tool's path; one
    /// for want of descriptors says which limit to raise.
    func testAToolThatCannotStartIsTheMachinesFault() throws {
        let folder = try TemporaryFolder()
        let tool = try folder.write("ffprobe", Array("not a program".utf8))
        XCTAssertThrowsError(try ToolRun(tool: "ffprobe", executable: tool, arguments: [], timeLimit: 5).run()) {
            guard case .cannotStart(let path, _)? = $0 as? VideoProblem else {
                return XCTFail("\($0)")
            }
            XCTAssertEqual(path, tool.path)
            XCTAssertTrue(($0 as? VideoProblem)?.isMachineFault == true)
        }
        XCTAssertEqual(
            "\(VideoProblem.cannotStart(tool: "/usr/bin/ffprobe", reason: "Too many open files"))",
            "cannot start /usr/bin/ffprobe: Too many open files; the limit on open files (`ulimit -n`) is too low for "
                + "it: raise it (`ulimit -n 4096`), then build again")
    }
}
