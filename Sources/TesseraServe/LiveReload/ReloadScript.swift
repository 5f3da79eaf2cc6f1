/// The live-reload script: a file the server sends at a reserved path, and the `<script>`
/// tag it adds to HTML as it is sent (never to the file on disk).
///
/// The script is a file rather than inline so that pages keep a strict
/// Content-Security-Policy (`script-src 'self'`, no `'unsafe-inline'`). Without JavaScript
/// the page is exactly the file; with it, the page listens on the event stream, reloads
/// on `reload` and shows a `build-error` event's message in a banner.
///
/// A page holds its stream only while it is shown: it closes it on `pagehide` (the page
/// was left, maybe into the back/forward cache) and when its tab is hidden, and opens it
/// again when shown. Chromium allows six connections per host, so pages kept in the
/// back/forward cache with their streams open used to take every connection and stall
/// the next navigation until Chromium evicted one, 60 s later. The stream's first event
/// names the site's generation; a page served at another one reloads.
enum ReloadScript {
    /// The tag for a page served at `generation`.
    static func tag(scriptPath: String, eventsPath: String, generation: String) -> String {
        "<script src=\"\(scriptPath)\" data-events=\"\(eventsPath)\" data-generation=\"\(generation)\"></script>\n"
    }

    /// The script's text, served at `PreviewServer.Configuration.reloadScriptPath`.
    static let source = """
        /* Added by tessera serve for live reload; not part of the site. */
        (function () {
          "use strict";
          var script = document.currentScript;
          if (!script || !window.EventSource) return;
          var events = script.getAttribute("data-events");
          var generation = script.getAttribute("data-generation");
          var source = null;
          var banner = null;

          function showError(message) {
            if (!banner) {
              banner = document.createElement("pre");
              banner.id = "tessera-build-error";
              banner.setAttribute("role", "alert");
              banner.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:2147483647;margin:0;" +
                "padding:12px 16px;background:#b00020;color:#fff;font:13px/1.4 monospace;" +
                "white-space:pre-wrap;max-height:50vh;overflow:auto";
              (document.body || document.documentElement).appendChild(banner);
            }
            banner.textContent = "tessera: the last rebuild failed; showing the last good site.\\n\\n" + message;
          }

          function clearError() {
            if (banner) banner.remove();
            banner = null;
          }

          function connect() {
            if (source) return;
            source = new EventSource(events);
            source.addEventListener("hello", function (event) {
              if (event.data !== generation) location.reload();
              else clearError();
            });
            source.addEventListener("reload", function (event) {
              if (event.data !== generation) location.reload();
            });
            source.addEventListener("build-error", function (event) { showError(event.data); });
          }

          function disconnect() {
            if (source) source.close();
            source = null;
          }

          addEventListener("pagehide", disconnect);
          addEventListener("pageshow", function (event) {
            if (event.persisted && !document.hidden) connect();
          });
          document.addEventListener("visibilitychange", function () {
            if (document.hidden) disconnect();
            else connect();
          });
          if (!document.hidden) connect();
        })();

        """

    /// Where the tag goes in a page: before the last `</body>`, else at the end. `tail`
    /// is the end of the page, starting at byte `offset` of it.
    static func insertionPoint(inTail tail: some Collection<UInt8>, offset: Int) -> Int? {
        let needle = Array("</body".utf8)
        let bytes = Array(tail)
        guard bytes.count >= needle.count else { return nil }
        var index = bytes.count - needle.count
        while index >= 0 {
            var matches = true
            for position in 0..<needle.count where asciiLowercased(bytes[index + position]) != needle[position] {
                matches = false
                break
            }
            if matches { return offset + index }
            index -= 1
        }
        return nil
    }

    /// `html` with `tag` inserted before the last `</body>`, or appended if there is none.
    static func inject(_ tag: String, into html: [UInt8]) -> [UInt8] {
        let script = Array(tag.utf8)
        guard let position = insertionPoint(inTail: html, offset: 0) else { return html + script }
        return Array(html[..<position]) + script + Array(html[position...])
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
