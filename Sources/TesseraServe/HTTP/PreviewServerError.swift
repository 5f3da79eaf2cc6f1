/// Why the preview server could not start, in a sentence that says what to do.
package struct PreviewServerError: Error, Equatable, CustomStringConvertible {
    package enum Reason: Equatable, Sendable {
        case rootIsNotAFolder(path: String)
        case invalidHost(String)
        /// An address, but none of this machine's.
        case addressUnavailable(String)
        case cannotListen(host: String, port: UInt16)
        /// The port is taken, or not ours to take: `errno`'s words say which.
        case portUnavailable(host: String, port: UInt16, reason: String)
    }

    package let reason: Reason

    package var description: String {
        switch reason {
        case .rootIsNotAFolder(let path):
            "cannot serve '\(path)': it is not a folder; build the site first or pass the site folder"
        case .invalidHost(let host):
            "cannot listen on host '\(host)': give an IP address such as 127.0.0.1 or ::1, or localhost"
        case .addressUnavailable(let host):
            "cannot listen on \(host): this machine has no such address; pass --host with one it has "
                + "(`ip -brief address` lists them), or leave it out for 127.0.0.1"
        case .cannotListen(let host, 0):
            "cannot listen on \(host) on any port; check that this machine has that address (`ip -brief address`)"
        case .cannotListen(let host, let port):
            "cannot listen on \(host) port \(port): the port may be in use; choose another port, or 0 for any free one"
        case .portUnavailable(let host, let port, let reason):
            "cannot listen on \(host) port \(port): \(reason); pass --port with another port, or --port 0 for any free one"
        }
    }
}
