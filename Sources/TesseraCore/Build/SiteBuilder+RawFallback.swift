import Foundation

extension SiteBuilder {
    /// How far a RAW's shape may be from its still's for its images to stand in for the
    /// still's (a camera's RAW is a few pixels larger than its JPEG, never another shape
    /// unless the JPEG was cropped in the camera).
    static let rawShapeTolerance = 0.005

    /// A still's images developed from a RAW of the same shot instead, when the still
    /// cannot be decoded (a RAW+JPEG pair whose JPEG was cut short in copying): the first
    /// of its RAWs that reads, is as large as the largest image and has the still's shape.
    /// Its images keep the still's names and sizes, so nothing else of the build changes.
    ///
    /// - Returns: the images, in the order of `renditions`, and the RAW; nil when no RAW
    ///   can stand in.
    func developedFromRaw(
        _ job: ImageJob, renditions: [Rendition], request: RenditionRequest
    ) -> (images: [[UInt8]], raw: PhotoFile)? {
        guard let largest = renditions.first?.size else { return nil }
        let still = job.info.uprightSize
        for raw in job.raws {
            let url = input.appendingPathComponent(raw.relativePath)
            guard let info = try? imaging.inspect(url, format: raw.format, budget: budget) else { continue }
            let size = info.uprightSize
            let shape =
                Double(size.width) * Double(still.height) / (Double(size.height) * Double(still.width))
            guard size.width >= largest.width, size.height >= largest.height,
                abs(shape - 1) <= Self.rawShapeTolerance
            else { continue }
            if let made = try? imaging.makeRenditions(
                of: url, info: info, renditions: renditions, request: request, budget: budget)
            {
                return (made.images, raw)
            }
        }
        return nil
    }

    /// The warnings of the stills published from their RAWs, this build or an earlier one
    /// whose images stand (`Manifest.KnownPhoto.fromRaw`).
    static func rawFallbackWarnings(_ catalog: Catalog, fromRaw: [String: String]) -> [MetadataWarning] {
        catalog.allPhotos.compactMap { file in
            fromRaw[file.key].map { MetadataWarning(file: file.relativePath, message: $0, kind: .fromRaw) }
        }
    }
}
