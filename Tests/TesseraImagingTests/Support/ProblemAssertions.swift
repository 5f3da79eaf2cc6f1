import XCTest

@testable import TesseraCore

/// Asserts that `body` throws exactly `expected`.
func XCTAssertProblem<T>(
    _ expected: PhotoProblem, file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws -> T
) {
    do {
        let value = try body()
        XCTFail("expected \(expected), got \(value)", file: file, line: line)
    } catch {
        XCTAssertEqual(error as? PhotoProblem, expected, file: file, line: line)
    }
}

/// Asserts that `body` throws some `PhotoProblem` and returns it.
@discardableResult
func XCTAssertAnyProblem<T>(
    file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> T
) -> PhotoProblem? {
    do {
        let value = try body()
        XCTFail("expected a PhotoProblem, got \(value)", file: file, line: line)
        return nil
    } catch {
        guard let problem = error as? PhotoProblem else {
            XCTFail("expected a PhotoProblem, got \(error)", file: file, line: line)
            return nil
        }
        return problem
    }
}
