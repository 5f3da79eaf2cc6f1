import Foundation

/// Independent decoders installed on the machine (Debian's `libheif-examples`), run as
/// separate programs so that no code of Tessera's takes part in the judgement.
enum ReferenceDecoder {
    /// The path of `name` on `PATH`, if installed.
    static func tool(_ name: String) -> URL? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// `heif-convert`'s decode of an AVIF or HEIC file, transparency laid over white.
    static func heifConvert(_ file: URL, tool: URL, output: URL? = nil) throws -> TestImage? {
        let output = output ?? file.deletingPathExtension().appendingPathExtension("reference.png")
        let process = Process()
        process.executableURL = tool
        process.arguments = [file.path, output.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return TestImage(png: [UInt8](try Data(contentsOf: output)))
    }
}
