/// Why the input folder cannot be scanned at all.
enum ScanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input is missing or not a folder.
    case inputMissing(String)
    /// The input is a folder that cannot be listed, with the system's reason.
    case inputUnreadable(String, reason: String)

    var description: String {
        switch self {
        case .inputMissing(let path):
            return "input folder '\(path)' does not exist or is not a folder; "
                + "pass the folder of photos as the first argument"
        case .inputUnreadable(let path, let reason):
            return "cannot read the input folder '\(path)': \(reason); check its permissions"
        }
    }
}
