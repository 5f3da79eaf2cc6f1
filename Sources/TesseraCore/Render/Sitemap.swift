import TesseraTemplate

/// `sitemap.xml`: every page's absolute URL, for search engines (sitemaps.org protocol).
enum Sitemap {
    /// The sitemap of every listed album and photo page of `pages`, in site order (hidden
    /// ones are left out); nil without a base URL, since a sitemap lists absolute URLs only.
    static func xml(_ plan: PagePlan, site: SiteContext) -> String? {
        guard site.baseURL != nil else { return nil }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#,
        ]
        for album in plan.listedAlbums {
            for path in [album.page] + album.photos.map(\.page) {
                lines.append("<url><loc>\(HTML.escape(site.absoluteURL(path)!))</loc></url>")
            }
        }
        lines.append("</urlset>")
        return lines.joined(separator: "\n") + "\n"
    }
}
