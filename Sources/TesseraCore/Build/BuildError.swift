/// Why a build could not run at all (as opposed to one photo being skipped).
public enum BuildError: Error, Sendable, Equatable, CustomStringConvertible {
    case inputMissing(String)
    case outputIsInput(String)
    case outputInsideInput(output: String, input: String)
    case outputContainsInput(output: String, input: String)
    /// A file Tessera wants to write exists but is not in the manifest; it is never overwritten.
    case foreignFile(String)
    case writeFailed(path: String, reason: String)
    case template(String)

    public var description: String {
        switch self {
        case .inputMissing(let path):
            return "input folder '\(path)' does not exist or is not a folder; "
                + "pass the folder of photos as the first argument"
        case .outputIsInput(let path):
            return "output folder '\(path)' is the input folder; choose another with -o"
        case .outputInsideInput(let output, let input):
            return "output folder '\(output)' is inside the input folder '\(input)'; "
                + "choose an output folder outside it with -o"
        case .outputContainsInput(let output, let input):
            return "output folder '\(output)' contains the input folder '\(input)'; "
                + "choose an output folder beside it with -o"
        case .foreignFile(let path):
            return "'\(path)' exists and was not made by Tessera; "
                + "move it away or choose another output folder with -o (nothing was overwritten)"
        case .writeFailed(let path, let reason):
            return "cannot write '\(path)': \(reason)"
        case .template(let message):
            return message
        }
    }
}
