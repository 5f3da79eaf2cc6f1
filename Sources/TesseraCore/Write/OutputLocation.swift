/// The rules that keep the input safe from the output.
enum OutputLocation {
    /// Refuses an output folder that is the input folder, lies inside it or contains it,
    /// comparing real paths (links resolved). A missing input is the scan's to report.
    static func validate(input: String, output: String) throws(WriteError) {
        guard let inputReal = FileSystem.realPath(input), FileSystem.isDirectory(inputReal) else { return }
        let outputReal = FileSystem.realPathAllowingMissing(output)
        if FileSystem.isSamePath(outputReal, inputReal) { throw .outputIsInput(output) }
        if FileSystem.isWithin(outputReal, inputReal) {
            throw .outputInsideInput(output: output, input: input)
        }
        if FileSystem.isWithin(inputReal, outputReal) {
            throw .outputContainsInput(output: output, input: input)
        }
    }
}
