import Foundation
import TesseraCore

extension PhotoMetadata {
    /// Adds the XMP and IPTC text a probed header carries, each into its own field; the
    /// XMP date fills `dateTaken` only when EXIF had none.
    mutating func addEmbeddedText(from header: ProbedHeader) {
        let xmp = header.xmpPacket.map { XMPReader(packet: $0) }
        let iptc = header.photoshopResources.map { IPTCReader(photoshopResources: $0) }
        addEmbeddedText(
            xmpTitle: xmp?.title, xmpDescription: xmp?.description, xmpDate: xmp?.dateTaken,
            xmpDateOffset: xmp?.dateOffset,
            iptcTitle: iptc?.title, iptcCaption: iptc?.caption)
    }
}

extension ProbedHeader {
    /// Looks for the XMP the first bytes of `file` did not reach, in the whole file; keeps
    /// what it has when the file cannot be read or probed again.
    mutating func findEmbeddedText(inWhole file: URL, format: MediaFormat) {
        guard embeddedTextMayFollow, let bytes = try? FileBytes.read(file),
            case .header(let whole)? = try? HeaderProbe.probe(bytes, format: format)
        else { return }
        xmpPacket = whole.xmpPacket
        photoshopResources = photoshopResources ?? whole.photoshopResources
        embeddedTextMayFollow = false
    }
}
