import Foundation

extension PreviewServer {
    /// What to serve and how; every field but `root` has a sensible default.
    package struct Configuration: Sendable {
        /// The path of the live-reload event stream that injected scripts connect to.
        package static let eventsPath = "/__tessera/events"

        /// The folder to serve.
        package var root: URL
        /// The address to listen on: an IPv4 or IPv6 literal, or `localhost`. Loopback by
        /// default, so the preview is not visible to the network.
        package var host = "127.0.0.1"
        /// The port to listen on; 0 picks a free one (read it from `PreviewServer.port`).
        package var port: UInt16 = 0
        /// Whether HTML responses get the live-reload script and the event stream is served.
        package var liveReload = true
        /// Names never served, wherever they appear in a path (and whatever a symbolic link
        /// resolves to). Dot-files by default, which covers `.tessera-manifest.json` and
        /// `.*.tmp`; pass a wider rule to refuse more.
        package var refusesName: @Sendable (String) -> Bool = { $0.hasPrefix(".") }
        /// At most this many connections at once (each one has a thread); more are refused.
        package var maximumConnections = 128
        /// A connection that sends nothing for this long is closed (slow or idle clients).
        package var idleTimeoutSeconds = 60
        /// How often an idle event stream sends a comment, to find pages that went away.
        package var heartbeatInterval: Duration = .seconds(15)

        package init(root: URL) {
            self.root = root
        }

        /// Whether only this machine can connect; the CLI warns when it is false.
        package var listensOnLoopbackOnly: Bool {
            host == "localhost" || host == "::1" || host.hasPrefix("127.")
        }
    }
}
