import CMicroHTTPD
import Foundation
import Glibc
import Synchronization

/// Serves a folder over HTTP for previewing a site, with live reload of open pages.
///
/// The server runs from `init` until `stop()` (or until it is released). It knows nothing
/// of galleries: it serves files below `Configuration.root`, never anything outside it,
/// and tells open pages to reload (`reload()`) or to show a build error (`showError`).
///
/// Each connection gets its own thread from libmicrohttpd, so a slow client only slows
/// itself; connections are kept alive between requests (and pipelined requests answered
/// in order) and closed after `idleTimeoutSeconds` of silence. The number of connections,
/// of live-reload streams among them and the memory each may use are bounded, and only
/// requests naming this server in their `Host` header are answered (`HostPolicy`).
///
/// The daemon keeps a pointer to the router for as long as it runs: the router is
/// retained here before the daemon starts and released only after `MHD_stop_daemon` has
/// joined every thread (see `RequestRouter` for what else libmicrohttpd holds).
package final class PreviewServer: Sendable {
    /// The port the server listens on; the real one when the configuration asked for 0.
    package let port: UInt16
    /// The address pages are served at, such as `http://127.0.0.1:8000/`.
    package let url: URL
    /// How many connections are allowed at once: the configured number, lowered to fit
    /// the process's limit on open descriptors (each connection may hold a file open).
    package let connectionLimit: Int

    private let daemon: Mutex<OpaquePointer?>
    private let router: RequestRouter
    private let hub: ReloadHub?

    /// Starts serving; throws an error that says what to change when it cannot.
    package init(_ configuration: Configuration) throws(PreviewServerError) {
        let responder = try SiteResponder(configuration)
        let hub = responder.hub
        let router = RequestRouter(responder: responder)
        guard let address = ListeningAddress(host: configuration.host, port: configuration.port) else {
            throw PreviewServerError(reason: .invalidHost(configuration.host))
        }
        var flags =
            MHD_USE_AUTO.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
            | MHD_USE_THREAD_PER_CONNECTION.rawValue
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let connectionLimit = Self.connectionLimit(configured: configuration.maximumConnections)
        // Released in stop(), after the daemon (which calls back with it) is gone.
        let context = Unmanaged.passRetained(router).toOpaque()
        let started = address.withSocketAddress { socketAddress in
            tessera_start_daemon(
                flags, socketAddress,
                UInt32(connectionLimit),
                UInt32(configuration.idleTimeoutSeconds),
                1 << 20,
                RequestRouter.accessHandler, context)
        }
        guard let started else {
            Unmanaged<RequestRouter>.fromOpaque(context).release()
            throw PreviewServerError(reason: .cannotListen(host: configuration.host, port: configuration.port))
        }
        let port = tessera_daemon_port(started)
        self.port = port
        self.connectionLimit = connectionLimit
        self.daemon = Mutex(started)
        self.router = router
        self.hub = hub
        let hostInURL = address.isIPv6 ? "[\(configuration.host)]" : configuration.host
        self.url = URL(string: "http://\(hostInURL):\(port)/")!
    }

    /// Checks, before a long first build, that `configuration`'s address can be listened
    /// on, by binding it as the server will (`SO_REUSEADDR`) and letting it go; with port 0
    /// (any free one) too, for the address.
    ///
    /// - Throws: `.invalidHost` for a host that is not an address, `.addressUnavailable`
    ///   for an address this machine does not have, `.portUnavailable` for a port in use
    ///   or one below 1024 without the right to it.
    package static func checkCanListen(_ configuration: Configuration) throws(PreviewServerError) {
        guard let address = ListeningAddress(host: configuration.host, port: configuration.port) else {
            throw PreviewServerError(reason: .invalidHost(configuration.host))
        }
        let probe = socket(
            address.isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return }  // Out of descriptors: the server's own start will say.
        defer { close(probe) }
        var on: Int32 = 1
        setsockopt(probe, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let length = socklen_t(address.isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        let bound = address.withSocketAddress { bind(probe, $0, length) }
        guard bound == 0, listen(probe, 1) == 0 else {
            let code = errno
            if code == EADDRNOTAVAIL { throw PreviewServerError(reason: .addressUnavailable(configuration.host)) }
            let reason =
                switch code {
                case EADDRINUSE: "another program is using that port (perhaps another tessera serve)"
                case EACCES: "ports below 1024 need root"
                default: String(cString: strerror(code))
                }
            throw PreviewServerError(
                reason: .portUnavailable(host: configuration.host, port: configuration.port, reason: reason))
        }
    }

    /// `configured`, or fewer when the soft limit on open descriptors would not allow that
    /// many connections with a file each (and some left for building the site).
    private static func connectionLimit(configured: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
            return max(1, configured)
        }
        let fitting = (Int(clamping: limit.rlim_cur) - 128) / 2
        return max(1, min(configured, max(16, fitting)))
    }

    deinit {
        stop()
    }

    /// Tells every open page to reload, and clears any error banner.
    package func reload() {
        hub?.reload()
    }

    /// Shows `message` in a banner on every open page (and on pages opened later),
    /// until the next `reload()`.
    package func showError(_ message: String) {
        hub?.showError(message)
    }

    /// How many pages are connected for live reload right now.
    package var liveReloadClientCount: Int {
        hub?.subscriberCount ?? 0
    }

    /// Closes every connection and stops the server's threads; safe to call more than once.
    package func stop() {
        guard
            let running = daemon.withLock({ daemon in
                defer { daemon = nil }
                return daemon
            })
        else { return }
        // Event streams block their connection threads between events; end them first
        // so that stopping the daemon, which joins those threads, returns at once.
        hub?.close()
        MHD_stop_daemon(running)
        // No thread of the daemon is left to call back: let go of its reference.
        Unmanaged.passUnretained(router).release()
    }
}
