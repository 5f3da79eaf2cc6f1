import Foundation
import TesseraImaging

@testable import TesseraCore

/// The pipeline as a site with the default pixel limit (`images.max_megapixels`, 100 MP)
/// uses it, so the tests of what the pipeline reads and makes need not repeat it.
extension ImagePipeline {
    static let siteBudget = PixelBudget(SiteConfiguration.Images())

    func inspect(_ file: URL, format: MediaFormat) throws(PhotoProblem) -> PhotoInfo {
        try inspect(file, format: format, budget: Self.siteBudget)
    }

    func makeRenditions(
        of file: URL, info: PhotoInfo, renditions: [Rendition], request: RenditionRequest
    ) throws(PhotoProblem) -> [[UInt8]] {
        try makeRenditions(of: file, info: info, renditions: renditions, request: request, budget: Self.siteBudget)
            .images
    }

    func render(_ file: URL, info: PhotoInfo, sizes: [PixelSize], quality: Int) throws(PhotoProblem) -> [[UInt8]] {
        try render(file, info: info, sizes: sizes, quality: quality, budget: Self.siteBudget)
    }
}
