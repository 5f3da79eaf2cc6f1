import FuzzSupport
import TesseraVideo

/// ffprobe's JSON report on a clip: ffprobe is ours, but the values in it (sizes, rotation,
/// durations, tags, side data) are whatever the clip's maker wrote. `ProbeReport.fuzz`
/// reads it as the build would and checks the plans it leads to.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProbeReport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ProbeReport.fuzz(FuzzInput(data, size).bytes)
    return 0
}
