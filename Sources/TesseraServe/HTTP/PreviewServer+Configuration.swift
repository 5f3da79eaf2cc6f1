import Foundation

extension PreviewServer {
    /// What to serve and how; every field but `root` has a sensible default.
    package struct Configuration: Sendable {
        /// Paths below this are the server's own when live reload is on, never the site's.
        package static let reservedPrefix = "/__tessera/"
        /// The path of the live-reload event stream that injected scripts connect to.
        package static let eventsPath = "/__tessera/events"
        /// The path of the live-reload script that served pages load.
        package static let reloadScriptPath = "/__tessera/reload.js"

        /// The folder to serve.
        package var root: URL
        /// The address to listen on: an IPv4 or IPv6 literal, or `localhost`. Loopback by
        /// default, so the preview is not visible to the network. Requests must name it
        /// (or `localhost`) in their `Host` header; see `HostPolicy`.
        package var host = "127.0.0.1"
        /// The port to listen on; 0 picks a free one (read it from `PreviewServer.port`).
        package var port: UInt16 = 0
        /// The folder the site will be published at on its host, percent-encoded, from the
        /// host's root (`/photos/`); `/` by default. The site is served at `/`, and a path
        /// that names nothing there is looked for below this one too, as the host will
        /// serve it: so links written from the host's root (a 404 page's) work in the preview.
        package var sitePath = "/"
        /// Whether HTML responses get the live-reload script and the event stream is served.
        package var liveReload = true
        /// Names never served, wherever they appear in a path (and whatever a symbolic link
        /// resolves to). Dot-files by default, which covers `.tessera-manifest.json` and
        /// `.*.tmp`; pass a wider rule to refuse more.
        package var refusesName: @Sendable (String) -> Bool = { $0.hasPrefix(".") }
        /// At most this many connections at once (each one has a thread); more are refused.
        /// More than one browser opens to a host (Chromium: 256 per profile), so no page
        /// can take them all; lowered to fit the process's descriptor limit.
        package var maximumConnections = 512
        /// At most this many live-reload streams at once, apart from page loads: more
        /// pages than that get 503 for their stream (and no live reload), never a stall.
        package var maximumLiveReloadStreams = 32
        /// A connection that sends nothing for this long is closed (slow or idle clients,
        /// and kept-alive connections between page loads).
        package var idleTimeoutSeconds = 15
        /// How often an idle event stream sends a comment, to find pages that vanished
        /// without closing their connection (a closed one is noticed at once).
        package var heartbeatInterval: Duration = .seconds(5)

        package init(root: URL) {
            self.root = root
        }

        /// Whether only this machine can connect; the CLI warns when it is false.
        package var listensOnLoopbackOnly: Bool {
            host == "localhost" || host == "::1" || host.hasPrefix("127.")
        }
    }
}
