import CMicroHTTPD
import Glibc

/// The bridge from libmicrohttpd's C callbacks to `SiteResponder`; the only place, with
/// `PreviewServer`, that touches libmicrohttpd pointers.
///
/// What libmicrohttpd holds, and who keeps it alive at one address:
/// - The router itself is the access handler's context. `PreviewServer` retains it
///   before starting the daemon and releases it only after `MHD_stop_daemon` returned,
///   which joins every connection thread, so no callback can see a freed router.
/// - Each request's context slot (`req_cls`) only ever holds the router's own address,
///   as a marker that the headers were seen, or `bodyMarker`, that a GET or HEAD sent a
///   body; libmicrohttpd never dereferences it.
/// - Byte bodies are copied by libmicrohttpd (`MHD_RESPMEM_MUST_COPY`) before
///   `MHD_create_response_from_buffer` returns; header names and values are copied by
///   `MHD_add_response_header`. Swift's buffers only need to live for those calls.
/// - A file body's descriptor belongs to the response, which closes it.
/// - A streamed body (an injected page, an event stream) is a Swift object retained once
///   for the response (`Unmanaged.passRetained`) and released by the response's free
///   callback, which libmicrohttpd calls exactly once, after the last read; the object
///   is a class instance, so its address never moves in between.
final class RequestRouter: Sendable {
    let responder: SiteResponder

    init(responder: SiteResponder) {
        self.responder = responder
    }

    /// How long sent data may stay unacknowledged on an event stream before the kernel
    /// gives up on the peer (a machine that vanished from the network).
    static let streamPeerTimeoutMilliseconds: Int32 = 10_000

    /// Handles one request on the connection's own thread.
    fileprivate func handle(_ connection: OpaquePointer, escapedPath: String, method: String) -> MHD_Result {
        let socket = tessera_connection_socket(connection)
        let reply = responder.reply(method: method, escapedPath: escapedPath, port: Self.localPort(socket)) { name in
            MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
        }
        guard let response = Self.makeResponse(reply.body, socket: socket) else { return .NO }
        defer { MHD_destroy_response(response) }
        for header in reply.headers {
            _ = MHD_add_response_header(response, header.name, header.value)
        }
        return MHD_queue_response(connection, reply.status, response)
    }

    /// The local port a connection arrived on (0 when it cannot be read, which no `Host`
    /// matches).
    private static func localPort(_ socket: Int32) -> UInt16 {
        guard socket >= 0 else { return 0 }
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let read = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard read == 0 else { return 0 }
        switch Int32(address.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            }
        case AF_INET6:
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
        default:
            return 0
        }
    }

    private static func makeResponse(_ body: Reply.Body, socket: Int32) -> OpaquePointer? {
        switch body {
        case .empty:
            return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
        case .bytes(let bytes):
            return bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(
                    buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .file(let descriptor, let offset, let length):
            if length == 0 {
                close(descriptor)
                return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
            }
            let response = MHD_create_response_from_fd_at_offset64(length, descriptor, offset)
            if response == nil { close(descriptor) }
            return response
        case .page(let page):
            // The response owns one reference to the page (and so its descriptor).
            let context = Unmanaged.passRetained(page).toOpaque()
            let response = MHD_create_response_from_callback(
                page.size, InjectedPage.blockSize, readPage, context, releasePage)
            if response == nil { Unmanaged<InjectedPage>.fromOpaque(context).release() }
            return response
        case .events(let stream):
            if socket >= 0 {
                var timeout = streamPeerTimeoutMilliseconds
                _ = setsockopt(
                    socket, Int32(IPPROTO_TCP), TCP_USER_TIMEOUT, &timeout, socklen_t(MemoryLayout<Int32>.size))
            }
            // The response owns one reference to the stream until libmicrohttpd frees it.
            let context = Unmanaged.passRetained(EventConnection(stream: stream, socket: socket)).toOpaque()
            let response = MHD_create_response_from_callback(
                UInt64.max /* MHD_SIZE_UNKNOWN */, 1024, readEvents, context, releaseEvents)
            if response == nil {
                Unmanaged<EventConnection>.fromOpaque(context).takeRetainedValue().stream.close()
            }
            return response
        }
    }

    /// The access handler given to `MHD_start_daemon`; `context` is the router.
    ///
    /// libmicrohttpd calls it once when a request's headers have arrived, once for each
    /// piece of its body (if any), and once more at its end: a GET or HEAD is answered on
    /// the last call, so that the connection stays open for the next request (keep-alive,
    /// pipelining). Answering on the first call is an "early response", after which
    /// libmicrohttpd closes the connection; that is kept for other methods (refused with
    /// 405, body unread). A GET or HEAD that sends a body has it read and dropped, then is
    /// refused with 400: a response queued while a body is still arriving is not taken,
    /// and the connection was closed with no answer at all.
    static let accessHandler: MHD_AccessHandlerCallback = {
        context, connection, url, method, _, _, uploadSize, requestContext in
        guard let context, let connection, let url, let method, let requestContext else { return .NO }
        let router = Unmanaged<RequestRouter>.fromOpaque(context).takeUnretainedValue()
        let methodText = String(cString: method)
        if requestContext.pointee == nil {
            requestContext.pointee = context
            if methodText == "GET" || methodText == "HEAD" { return .YES }
        } else if let uploadSize, uploadSize.pointee != 0 {
            uploadSize.pointee = 0
            requestContext.pointee = bodyMarker
            return .YES
        } else if requestContext.pointee == bodyMarker {
            return router.refuseBody(connection)
        }
        return router.handle(connection, escapedPath: String(cString: url), method: methodText)
    }

    /// What a request's context slot holds once a GET or HEAD sent a body: an address no
    /// object has, never dereferenced.
    private static var bodyMarker: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 1)! }

    private func refuseBody(_ connection: OpaquePointer) -> MHD_Result {
        var reply = Reply.text(400, "Bad request: a GET or HEAD request has no body.\n")
        reply.headers += SiteResponder.securityHeaders
        guard let response = Self.makeResponse(reply.body, socket: -1) else { return .NO }
        defer { MHD_destroy_response(response) }
        for header in reply.headers { _ = MHD_add_response_header(response, header.name, header.value) }
        return MHD_queue_response(connection, reply.status, response)
    }
}

/// An event stream and the socket it is sent on, the context of one stream's response.
private final class EventConnection: Sendable {
    let stream: EventStream
    let socket: Int32

    init(stream: EventStream, socket: Int32) {
        self.stream = stream
        self.socket = socket
    }
}

private let readPage: MHD_ContentReaderCallback = { context, position, buffer, capacity in
    guard let context, let buffer else { return MHD_CONTENT_READER_END_WITH_ERROR }
    let page = Unmanaged<InjectedPage>.fromOpaque(context).takeUnretainedValue()
    guard let count = page.read(at: position, into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity)),
        count > 0
    else { return MHD_CONTENT_READER_END_WITH_ERROR }
    return count
}

private let releasePage: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<InjectedPage>.fromOpaque(context).release()
}

private let readEvents: MHD_ContentReaderCallback = { context, _, buffer, capacity in
    guard let context, let buffer else { return MHD_CONTENT_READER_END_WITH_ERROR }
    let connection = Unmanaged<EventConnection>.fromOpaque(context).takeUnretainedValue()
    switch connection.stream.read(
        into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity), peer: connection.socket)
    {
    case .bytes(let count): return count
    case .ended: return MHD_CONTENT_READER_END_OF_STREAM
    case .peerGone: return MHD_CONTENT_READER_END_WITH_ERROR
    }
}

/// Called once the connection is gone, whether the page left or the server stopped.
private let releaseEvents: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<EventConnection>.fromOpaque(context).takeRetainedValue().stream.close()
}
