/// The rules that keep the input safe from the output.
enum OutputLocation {
    /// Refuses an output folder that is the input folder, lies inside it or contains it,
    /// comparing real paths (links resolved), then the folders themselves: the same folder
    /// reached by another path (a bind mount, `mount --bind photos view`, then `-o
    /// view/site`) has another real path but the same device and inode. A missing input is
    /// the scan's to report.
    ///
    /// - Parameter identify: a path's device and inode (`FileSystem.fileID`); nil when
    ///   nothing is there.
    static func validate(
        input: String, output: String, identify: (String) -> FileSystem.FileID? = FileSystem.fileID
    ) throws(WriteError) {
        guard let inputReal = FileSystem.realPath(input), FileSystem.isDirectory(inputReal) else { return }
        let outputReal = FileSystem.realPathAllowingMissing(output)
        if FileSystem.isSamePath(outputReal, inputReal) { throw .outputIsInput(output) }
        if FileSystem.isWithin(outputReal, inputReal) {
            throw .outputInsideInput(output: output, input: input)
        }
        if FileSystem.isWithin(inputReal, outputReal) {
            throw .outputContainsInput(output: output, input: input)
        }
        guard let inputID = identify(inputReal) else { return }
        let outputID = identify(outputReal)
        if outputID == inputID { throw .outputIsInput(output) }
        if folders(from: outputReal).compactMap(identify).contains(inputID) {
            throw .outputInsideInput(output: output, input: input)
        }
        if let outputID, folders(from: inputReal).compactMap(identify).contains(outputID) {
            throw .outputContainsInput(output: output, input: input)
        }
    }

    /// `path` (absolute) and each folder holding it, up to `/`.
    static func folders(from path: String) -> [String] {
        var parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var chain: [String] = []
        while !parts.isEmpty {
            chain.append("/" + parts.joined(separator: "/"))
            parts.removeLast()
        }
        return chain + ["/"]
    }
}
