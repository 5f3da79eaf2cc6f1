/// The `<script>` added to HTML the server sends (never to the file on disk).
///
/// Without JavaScript the page is exactly the file; with it, the page listens on the
/// event stream, reloads on `reload` and shows an `error` event's message in a banner.
/// A reload clears the banner, since the hub forgets the error when the build succeeds.
enum ReloadScript {
    static func tag(eventsPath: String) -> String {
        """
        <script>
        /* Added by tessera serve for live reload; not part of the site. */
        (function () {
          if (!window.EventSource) return;
          var banner = null;
          var source = new EventSource("\(eventsPath)");
          source.addEventListener("reload", function () { location.reload(); });
          source.addEventListener("error", function (event) {
            if (typeof event.data !== "string") return;
            if (!banner) {
              banner = document.createElement("pre");
              banner.id = "tessera-build-error";
              banner.setAttribute("role", "alert");
              banner.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:2147483647;margin:0;" +
                "padding:12px 16px;background:#b00020;color:#fff;font:13px/1.4 monospace;" +
                "white-space:pre-wrap;max-height:50vh;overflow:auto";
              (document.body || document.documentElement).appendChild(banner);
            }
            banner.textContent = "tessera: the last rebuild failed; showing the last good site.\\n\\n" + event.data;
          });
        })();
        </script>

        """
    }

    /// `html` with the script inserted before the last `</body>`, or appended if there is none.
    static func inject(into html: [UInt8], eventsPath: String) -> [UInt8] {
        let script = Array(tag(eventsPath: eventsPath).utf8)
        guard let position = lastBodyEnd(in: html) else { return html + script }
        return Array(html[..<position]) + script + Array(html[position...])
    }

    private static func lastBodyEnd(in html: [UInt8]) -> Int? {
        let needle = Array("</body".utf8)
        guard html.count >= needle.count else { return nil }
        var index = html.count - needle.count
        while index >= 0 {
            var matches = true
            for offset in 0..<needle.count where asciiLowercased(html[index + offset]) != needle[offset] {
                matches = false
                break
            }
            if matches { return index }
            index -= 1
        }
        return nil
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
