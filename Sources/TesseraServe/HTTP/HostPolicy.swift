import Glibc

/// Which `Host` headers the server answers, so that a web page elsewhere cannot read the
/// preview through DNS rebinding.
///
/// A page on `evil.example` can make its own name resolve to 127.0.0.1 and then read
/// whatever a server on that address sends, hidden and unpublished albums included; its
/// requests still say `Host: evil.example:PORT`. So only names that cannot be rebound are
/// answered: `localhost`, the address the server listens on, the configured `--host`,
/// and, when it listens on every address (`0.0.0.0`, `::`), any IP address literal (a
/// literal is never looked up, so no page can rebind it). The port must be the one the
/// request arrived on; a header without a port stands for port 80. A request without a
/// `Host` header (HTTP/1.0 from a script) cannot come from a browser and is answered.
struct HostPolicy: Equatable, Sendable {
    /// Host names and canonical address literals answered, lowercased, without brackets.
    private let names: Set<String>
    private let acceptsAnyAddress: Bool
    /// The address listened on, canonical, for `addresses(port:)`.
    private let listening: String

    /// The policy for a server listening on `host` (an address literal or `localhost`).
    init(listeningOn host: String) {
        var names: Set<String> = ["localhost"]
        let canonical = Self.canonicalName(host)
        names.insert(canonical)
        if canonical == "localhost" { names.insert("127.0.0.1") }
        self.names = names
        listening = canonical
        acceptsAnyAddress = canonical == "0.0.0.0" || canonical == "::"
    }

    /// How to reach the server, for a refusal to name: its address and localhost.
    func addresses(port: UInt16) -> String {
        func url(_ name: String) -> String { "http://\(name.contains(":") ? "[\(name)]" : name):\(port)/" }
        let own =
            acceptsAnyAddress
            ? "any IP address of this machine" : url(listening == "localhost" ? "127.0.0.1" : listening)
        return own + " and " + url("localhost")
    }

    /// Whether a request carrying `header` (its `Host` value, nil when absent) that
    /// arrived on local port `port` is answered.
    func accepts(_ header: String?, port: UInt16) -> Bool {
        guard let header else { return true }
        guard let (host, requestedPort) = Self.split(header) else { return false }
        guard (requestedPort ?? 80) == port else { return false }
        let name = Self.canonicalName(host)
        if names.contains(name) { return true }
        return acceptsAnyAddress && Self.isAddressLiteral(name)
    }

    /// `host[:port]` or `[v6]:port` split into the host (brackets removed) and the port.
    private static func split(_ header: String) -> (host: String, port: UInt16?)? {
        var host: Substring
        var rest: Substring
        if header.hasPrefix("[") {
            guard let close = header.firstIndex(of: "]") else { return nil }
            host = header[header.index(after: header.startIndex)..<close]
            rest = header[header.index(after: close)...]
        } else if let colon = header.lastIndex(of: ":") {
            host = header[..<colon]
            rest = header[colon...]
            // An IPv6 literal must be bracketed; a second colon means it was not.
            if host.contains(":") { return nil }
        } else {
            host = Substring(header)
            rest = ""
        }
        guard !host.isEmpty else { return nil }
        if rest.isEmpty { return (String(host), nil) }
        guard rest.first == ":" else { return nil }
        rest.removeFirst()
        guard !rest.isEmpty, rest.allSatisfy({ $0.isASCII && $0.isNumber }), let port = UInt16(rest) else {
            return nil
        }
        return (String(host), port)
    }

    /// An address literal in its canonical text (`::1` for `0:0:0:0:0:0:0:1`), any other
    /// name lowercased.
    private static func canonicalName(_ host: String) -> String {
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return text(family: AF_INET, bytesOf: &v4) ?? host }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 { return text(family: AF_INET6, bytesOf: &v6) ?? host }
        return host.lowercased()
    }

    private static func isAddressLiteral(_ name: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }

    private static func text(family: Int32, bytesOf address: UnsafeRawPointer) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(family, address, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
