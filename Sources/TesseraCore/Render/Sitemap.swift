import TesseraTemplate

/// `sitemap.xml`: every page's absolute URL, for search engines (sitemaps.org protocol).
enum Sitemap {
    /// The sitemap of every listed album page (each page of an album cut into pages, as
    /// `layouts` cuts it) and photo page of `plan`, in site order (hidden ones are left
    /// out); nil without a base URL, since a sitemap lists absolute URLs only.
    static func xml(_ plan: PagePlan, site: SiteContext, layouts: AlbumLayouts? = nil) -> String? {
        guard site.baseURL != nil else { return nil }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#,
        ]
        for album in plan.listedAlbums {
            let albumPages = layouts?.pagination(album).paths(folder: album.folder) ?? [album.page]
            for path in albumPages + album.photos.map(\.page) {
                lines.append("<url><loc>\(HTML.escape(site.absoluteURL(path)!))</loc></url>")
            }
        }
        lines.append("</urlset>")
        return lines.joined(separator: "\n") + "\n"
    }
}
