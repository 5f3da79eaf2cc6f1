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
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw Refusal("cannot write the sample album into '\(folder.path)': \(Self.reason(error))")
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
            let album = url.deletingLastPathComponent().path
            if let failure = FileSystem.makeFolders(album) {
                throw Refusal("cannot make the folder '\(album)' for the sample album: \(failure)")
            }
            let bytes = try painter.paintSample(
                uprightSize: photo.size, label: photo.label, hue: photo.hue, orientation: photo.orientation)
            try Data(bytes).write(to: url)
        }
        for note in notes {
            try Data(note.text.utf8).write(to: folder.appendingPathComponent(note.path))
        }
        return photos.count
    }

    /// Why a file could not be written, in the system's words ("No space left on device"),
    /// not Foundation's wrapping of them.
    private static func reason(_ error: any Error) -> String {
        let wrapped = error as NSError
        let posix = (wrapped.userInfo[NSUnderlyingErrorKey] as? NSError) ?? wrapped
        guard posix.domain == NSPOSIXErrorDomain else {
            return wrapped.domain == NSCocoaErrorDomain ? wrapped.localizedDescription : "\(error)"
        }
        return String(cString: strerror(Int32(posix.code)))
    }
}
