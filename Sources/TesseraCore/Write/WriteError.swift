/// Why the output folder cannot be written as asked; the build stops, and the previous
/// site keeps working.
enum WriteError: Error, Sendable, Equatable, CustomStringConvertible {
    case outputIsInput(String)
    case outputInsideInput(output: String, input: String)
    case outputContainsInput(output: String, input: String)
    /// A file Tessera wants to write exists but is not in the manifest; it is never overwritten.
    case foreignFile(String)
    /// The same, in an output folder without a manifest: files of an earlier build look
    /// like anyone's once its manifest is deleted, and the message says where to look.
    case foreignFileWithoutManifest(String)
    case writeFailed(path: String, reason: String)
    /// A folder of the output leads out of it (a symbolic link to elsewhere): nothing is
    /// read, written or deleted through it.
    case outsideOutput(folder: String, leadsTo: String, output: String)
    /// A folder Tessera makes is a symbolic link to another folder of the output: nothing
    /// is read, kept, written or deleted through it.
    case linkedFolder(folder: String, leadsTo: String)
    /// A file no plan of the build makes was to be written: a fault in Tessera, never a
    /// silent new owner. Nothing was written.
    case unplanned(String)
    /// Another build holds the output folder's lock and did not let go in time; `holder`
    /// names it (`LockHolder`'s words).
    case locked(output: String, holder: String, waitedSeconds: Int)

    var description: String {
        switch self {
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
        case .foreignFileWithoutManifest(let path):
            return "'\(path)' exists and was not made by Tessera as far as it can tell: the output folder has no "
                + "\(Manifest.fileName), the list of the files Tessera made there (was it deleted?); "
                + "move the folder's files away or choose another output folder with -o (nothing was overwritten)"
        case .writeFailed(let path, let reason):
            return "cannot write '\(path)': \(reason); the site as it was keeps working: "
                + "fix that (room on the disk, a permission, the path), then build again (what was made is kept)"
        case .outsideOutput(let folder, let target, let output):
            return "'\(folder)' leads out of the output folder, to '\(target)'; Tessera never reads, writes or "
                + "deletes anything outside '\(output)' (nothing was touched). Remove the link, or build into "
                + "another folder with -o"
        case .linkedFolder(let folder, let target):
            return "'\(folder)' is a symbolic link, to '\(target)'; Tessera keeps its files only in folders it "
                + "made, and never reads, writes or deletes through a link (nothing was touched). Remove the link, "
                + "or build into another folder with -o"
        case .unplanned(let path):
            return "'\(path)' is not in this build's plan, so Tessera did not write it (nothing was changed); "
                + "this is a bug in Tessera: please report it with the command you ran"
        case .locked(let output, let holder, let waited):
            return "another build (\(holder)) is writing '\(output)' and did not finish within \(waited) s; "
                + "let it finish or stop it, then build again, or build into another folder with -o"
        }
    }
}
