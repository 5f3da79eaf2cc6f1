extension MediaFormat {
    /// Why a file of this format is not published by this build, or nil when it is read.
    var refusal: PhotoProblem? {
        guard !isReadable else { return nil }
        switch kind {
        case .photo, .video: return .unsupported(displayName)
        // Its first image is only a preview a fraction of the photo's size: never publish that.
        case .raw: return .unsupported("camera raw files (DNG, NEF, CR2, ARW…)")
        }
    }
}
