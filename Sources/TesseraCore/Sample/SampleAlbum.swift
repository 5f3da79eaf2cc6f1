/// The photos `tessera sample` draws: every common ratio, nested albums, names that need
/// escaping, and a few stored rotated with an EXIF orientation tag.
package enum SampleAlbum {
    /// One drawn photo.
    struct Photo: Sendable {
        /// Path inside the sample folder.
        var path: String
        /// Size as seen upright.
        var size: PixelSize
        /// The text drawn on it (its ratio).
        var label: String
        /// Background hue, 0–1.
        var hue: Double
        /// How it is stored: a viewer applying this orientation sees it upright.
        var orientation: Orientation
    }

    /// The text files written beside the photos, by path: album `index.md` files (titles,
    /// a cover, descriptions, one long enough to fold on a phone) and photo sidecars (a
    /// title and a caption with a list), so the sample site shows what they do.
    static let notes: [(path: String, text: String)] = [
        (
            "Travels/index.md",
            """
            Title: Travels by train
            Cover: Tower.jpg

            Two weeks on regional trains, with a bag each and no plan beyond the next \
            timetable. We stopped wherever a station had a café, climbed every tower \
            with stairs open to visitors, and crossed more bridges than we counted.

            On a phone this description folds after a few lines, so the photos start on \
            the first screen; **Read more** opens it.

            """
        ),
        (
            "Travels/Bridge.md",
            """
            Title: The old bridge

            Crossed at *dusk*, on the way back:

            - the river high after the rain
            - the lamps just lit

            """
        ),
        (
            "Travels/Coast 2024/index.md",
            """
            Title: On the coast, summer 2024

            A week by the sea, from the pier to the dunes.

            """
        ),
        (
            "Été à Paris/index.md",
            """
            Title: Été à Paris
            Thumbnail: Seine.jpg

            Cinq jours, *sans voiture*.

            """
        ),
        (
            "Été à Paris/Seine.jpg.md",
            """
            Title: La Seine

            Le soir, depuis le pont des Arts.

            """
        ),
    ]

    /// Long edge of the drawn photos, in pixels.
    static let longEdge = 1600.0

    static let photos: [Photo] = {
        let layout:
            [(folder: String, shots: [(name: String, w: Double, h: Double, label: String, orientation: Orientation)])] =
                [
                    (
                        "",
                        [
                            ("Harbour at dawn", 3, 2, "3:2", .up), ("Lighthouse", 2, 3, "2:3", .right),
                            ("Old town", 4, 3, "4:3", .up), ("Ridge panorama", 4, 1, "4:1", .up),
                            ("Market", 1, 1, "1:1", .up), ("Evening", 16, 9, "16:9", .down),
                        ]
                    ),
                    (
                        "Travels",
                        [
                            ("Train window", 16, 9, "16:9", .up), ("Tower", 9, 16, "9:16", .left),
                            ("Café", 4, 3, "4:3", .up), ("Stairs", 3, 4, "3:4", .up),
                            ("Bridge", 3, 2, "3:2", .upMirrored), ("Canal", 2, 3, "2:3", .up),
                            ("Square", 1, 1, "1:1", .up),
                        ]
                    ),
                    (
                        "Travels/Coast 2024",
                        [
                            ("Bay panorama", 10, 1, "10:1", .up), ("Cliff", 1, 3, "1:3", .up),
                            ("Dunes", 3, 2, "3:2", .up), ("Pier", 2, 3, "2:3", .leftMirrored),
                            ("Waves", 16, 9, "16:9", .up), ("Shell", 1, 1, "1:1", .up),
                        ]
                    ),
                    (
                        "Family & Friends",
                        [
                            ("Picnic #1", 3, 2, "3:2", .up), ("Picnic #2", 3, 2, "3:2", .right),
                            ("Grandma's garden", 4, 3, "4:3", .up), ("Kids <3", 3, 4, "3:4", .up),
                            ("Birthday 100%", 16, 9, "16:9", .up), ("Portrait", 2, 3, "2:3", .rightMirrored),
                        ]
                    ),
                    (
                        "Été à Paris",
                        [
                            ("Montmartre", 3, 2, "3:2", .up), ("Tour Eiffel", 1, 3, "1:3", .up),
                            ("Seine", 4, 1, "4:1", .up), ("Jardin", 4, 3, "4:3", .downMirrored),
                            ("Rue", 2, 3, "2:3", .up),
                        ]
                    ),
                ]
        var photos: [Photo] = []
        var index = 0
        for (folder, shots) in layout {
            for shot in shots {
                let scale = longEdge / max(shot.w, shot.h)
                let size = PixelSize(width: Int((shot.w * scale).rounded()), height: Int((shot.h * scale).rounded()))
                let path = (folder.isEmpty ? "" : folder + "/") + shot.name + ".jpg"
                let hue = (Double(index) * 0.618_034).truncatingRemainder(dividingBy: 1)
                photos.append(Photo(path: path, size: size, label: shot.label, hue: hue, orientation: shot.orientation))
                index += 1
            }
        }
        return photos
    }()
}
