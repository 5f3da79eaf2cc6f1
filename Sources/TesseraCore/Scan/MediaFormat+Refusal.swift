extension MediaFormat {
    /// Why a file of this format is not published by this build, or nil when it is read.
    var refusal: PhotoProblem? {
        isReadable ? nil : .unsupported(displayName)
    }
}
