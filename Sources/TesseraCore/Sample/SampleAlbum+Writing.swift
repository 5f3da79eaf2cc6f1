import Foundation

extension SampleAlbum {
    /// Paints every photo of the album with `painter` and writes it under `folder`, making
    /// the album folders on the way, then the `notes` beside them; returns how many photos
    /// it wrote. Only into a new or empty folder: nothing already there is written over.
    ///
    /// - Throws: `Refusal`, in words that say what to do, when `folder` is a file or holds
    ///   anything, or a folder cannot be made or a photo painted or written.
    package static func write(into folder: URL, painter: any SamplePainting) throws -> Int {
        if FileSystem.exists(folder.path) {
            guard FileSystem.isDirectory(folder.path) else {
                throw Refusal("'\(folder.path)' exists and is not a folder; choose a new folder name")
            }
            guard FileSystem.entries(of: folder.path).isEmpty else {
                throw Refusal(
                    "'\(folder.path)' is not empty; the sample album is only written into an empty or new folder")
            }
        }
        do {
            return try writePhotosAndNotes(into: folder, painter: painter)
        } catch {
            throw Refusal("cannot write the sample album into '\(folder.path)': \(error)")
        }
    }

    /// Why the sample album was not written, as the command line says it.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private static func writePhotosAndNotes(into folder: URL, painter: any SamplePainting) throws -> Int {
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
