import Foundation

extension SampleAlbum {
    /// Paints every photo of the album with `painter` and writes it under `folder`, making
    /// the album folders on the way, then the `notes` beside them; returns how many photos
    /// it wrote.
    ///
    /// - Throws: the first error creating a folder, painting or writing a photo.
    package static func write(into folder: URL, painter: any SamplePainting) throws -> Int {
        for photo in photos {
            let url = folder.appendingPathComponent(photo.path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let bytes = try painter.paintSample(
                uprightSize: photo.size, label: photo.label, hue: photo.hue, orientation: photo.orientation)
            try Data(bytes).write(to: url)
        }
        for note in notes {
            try Data(note.text.utf8).write(to: folder.appendingPathComponent(note.path))
        }
        return photos.count
    }
}
