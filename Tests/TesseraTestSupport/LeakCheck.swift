/// Turns LeakSanitizer's check at exit off for the test process only, under `make test`'s
/// AddressSanitizer run: XCTest keeps every test case, and all it holds, alive until the
/// process ends, which LeakSanitizer reports as thousands of leaks. The `tessera` binary
/// that the end-to-end and corpus tests start is a process of its own and keeps its leak
/// check, as does every fuzz target (scripts/fuzz), so leaks in Tessera's code are still
/// found. Without a sanitizer nothing calls this.
@_cdecl("__lsan_is_turned_off")
public func leakCheckIsTurnedOffForTheTestProcess() -> CInt { 1 }
