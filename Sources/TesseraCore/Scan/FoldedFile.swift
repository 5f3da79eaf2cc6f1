/// A file published as another photo of its folder, and why: in the JSON as `folded`
/// (`path`, `joined`, `kind`, `reason`).
struct FoldedFile: Sendable, Hashable, Codable {
    /// Why a file was folded.
    enum Kind: String, Sendable, Hashable, Codable {
        /// A byte-identical copy of the photo it joined (`DuplicateFolding`).
        case duplicate
        /// The RAW of the JPEG or HEIF it joined (`RawPairing`).
        case raw
        /// The movie of the Live Photo it joined (`LivePairing`), published as its motion.
        case live
    }

    var relativePath: String
    /// The path of the photo that is published for it.
    var joined: String
    /// `duplicate of IMG_0200.JPG`, `the RAW of IMG_0040.JPG`,
    /// `the motion of the Live Photo IMG_0001.HEIC`.
    var kind: Kind
    var reason: String

    init(relativePath: String, joined: String, kind: Kind, reason: String) {
        self.relativePath = relativePath
        self.joined = joined
        self.kind = kind
        self.reason = reason
    }

    enum CodingKeys: String, CodingKey {
        case relativePath = "path"
        case joined, kind, reason
    }
}
