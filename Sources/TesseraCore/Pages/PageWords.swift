/// The theme's fixed words a page shows (`{{words.next}}`), from its `words/<language>.yaml`; the
/// words with a number or a name in them come filled in, as `Count.text`,
/// `PhotoPage.upLabel`, `alt` and `pageTitle`.
struct PageWords: Encodable, Sendable, Hashable {
    /// What screen readers call an album page's list of sub-albums (`Albums`).
    var albumsLabel: String
    /// What screen readers call a photo page's navigation between photos (`Photos`).
    var photosLabel: String
    /// What screen readers call the trail of albums at the top of a page (`Breadcrumb`).
    var breadcrumbLabel: String
    /// The link to the photo before (`← Previous`).
    var previous: String
    /// The link to the photo after (`Next →`).
    var next: String
    /// The link to the item before when it is a video (`← Previous`; Russian's `← Предыдущее`
    /// where a photo is `← Предыдущая`).
    var previousVideo: String
    /// The link to the item after when it is a video.
    var nextVideo: String
    /// Between a page's title and its album's or the site's in the document title (` · `).
    var titleSeparator: String
    /// Between an album page's photo count and its album count (` · `).
    var countSeparator: String
    /// The page footer (`Made with Tessera`).
    var madeWith: String
    /// What screen readers call the photo viewer, the full-screen layer over album and photo pages (`Photo viewer`).
    var viewerLabel: String
    /// The viewer's button that closes it (`Close`).
    var viewerClose: String
    /// The viewer's button to the photo before (`Previous photo`).
    var viewerPrevious: String
    /// The viewer's button to the photo after (`Next photo`).
    var viewerNext: String
    /// The viewer's button to the item before when it is a video (`Previous video`).
    var viewerPreviousVideo: String
    /// The viewer's button to the item after when it is a video (`Next video`).
    var viewerNextVideo: String
    /// The viewer's button that zooms in on the photo and out again (`Zoom`).
    var viewerZoom: String
    /// The viewer's button that plays a Live or Motion Photo's motion, or a GIF's loop (`Live`).
    var viewerMotion: String
    /// The viewer's button that plays and pauses the slideshow (`Slideshow`).
    var viewerSlideshow: String
    /// The viewer's button that goes full screen and back (`Full screen`).
    var viewerFullscreen: String
    /// The viewer's button that shows and hides the photo's details, and the panel's name (`Details`).
    var viewerDetails: String
    /// The viewer's link to the photo's original, when the page offers one (`Download`).
    var viewerDownload: String
    /// A photo page's link to the photo's original, when the site offers one (`Download the original`).
    var download: String
    /// An album page's link to the ZIP of its photos, when it has one (`Download all photos (ZIP)`).
    var downloadAlbum: String
    /// The 404 page's heading (`Page not found`).
    var notFound: String
    /// The 404 page's sentence under it.
    var notFoundHint: String
    /// The 404 page's link to the home page.
    var home: String
    /// The control that opens an album's long description on a phone (`Read more`).
    var readMore: String
    /// The same control once the description is open, to fold it again (`Show less`).
    var readLess: String
    /// What groups a number's digits in threes (`,` in English, U+202F in French), for the
    /// viewer's count of a big album (`1,234 / 3,000`), as the pages write it.
    var groupSeparator: String
    /// How many digits a number needs beyond three before it is grouped (CLDR's
    /// `minimumGroupingDigits`: `1`, or `2` in Polish and Spanish, where 3000 is not grouped).
    var minimumGroupingDigits: String
}

extension PageWords {
    /// The page words of `words`.
    init(_ words: ThemeWords) {
        albumsLabel = words.text("albumsLabel")
        photosLabel = words.text("photosLabel")
        breadcrumbLabel = words.text("breadcrumbLabel")
        previous = words.text("previous")
        previousVideo = words.text("previousVideo")
        nextVideo = words.text("nextVideo")
        next = words.text("next")
        titleSeparator = words.text("titleSeparator")
        countSeparator = words.text("countSeparator")
        madeWith = words.text("madeWith")
        viewerLabel = words.text("viewerLabel")
        viewerClose = words.text("viewerClose")
        viewerPrevious = words.text("viewerPrevious")
        viewerNext = words.text("viewerNext")
        viewerPreviousVideo = words.text("viewerPreviousVideo")
        viewerNextVideo = words.text("viewerNextVideo")
        viewerZoom = words.text("viewerZoom")
        viewerMotion = words.text("viewerMotion")
        viewerSlideshow = words.text("viewerSlideshow")
        viewerFullscreen = words.text("viewerFullscreen")
        viewerDetails = words.text("viewerDetails")
        viewerDownload = words.text("viewerDownload")
        download = words.text("download")
        downloadAlbum = words.text("downloadAlbum")
        notFound = words.text("notFound")
        notFoundHint = words.text("notFoundHint")
        home = words.text("home")
        readMore = words.text("readMore")
        readLess = words.text("readLess")
        groupSeparator = words.text("groupSeparator")
        minimumGroupingDigits = words.text("minimumGroupingDigits")
    }
}
