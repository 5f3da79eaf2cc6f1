import CMicroHTTPD
import Glibc

/// The bridge from libmicrohttpd's C callbacks to `SiteResponder`; the only place, with
/// `PreviewServer`, that touches libmicrohttpd pointers.
final class RequestRouter: Sendable {
    let responder: SiteResponder

    init(responder: SiteResponder) {
        self.responder = responder
    }

    /// Handles one request on the connection's own thread.
    fileprivate func handle(_ connection: OpaquePointer, escapedPath: String, method: String) -> MHD_Result {
        let reply = responder.reply(method: method, escapedPath: escapedPath) { name in
            MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
        }
        guard let response = Self.makeResponse(reply.body) else { return .NO }
        defer { MHD_destroy_response(response) }
        for header in reply.headers {
            _ = MHD_add_response_header(response, header.name, header.value)
        }
        return MHD_queue_response(connection, reply.status, response)
    }

    private static func makeResponse(_ body: Reply.Body) -> OpaquePointer? {
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
        case .events(let stream):
            // The response owns one reference to the stream until libmicrohttpd frees it.
            let context = Unmanaged.passRetained(stream).toOpaque()
            let response = MHD_create_response_from_callback(
                UInt64.max /* MHD_SIZE_UNKNOWN */, 1024, readEvents, context, releaseEvents)
            if response == nil {
                Unmanaged<EventStream>.fromOpaque(context).takeRetainedValue().close()
            }
            return response
        }
    }

    /// The access handler given to `MHD_start_daemon`; `context` is the unretained router.
    static let accessHandler: MHD_AccessHandlerCallback = {
        context, connection, url, method, _, _, _, _ in
        guard let context, let connection, let url, let method else { return .NO }
        let router = Unmanaged<RequestRouter>.fromOpaque(context).takeUnretainedValue()
        return router.handle(connection, escapedPath: String(cString: url), method: String(cString: method))
    }
}

private let readEvents: MHD_ContentReaderCallback = { context, _, buffer, capacity in
    guard let context, let buffer else { return MHD_CONTENT_READER_END_WITH_ERROR }
    let stream = Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue()
    // nil means the hub ended the stream: MHD_CONTENT_READER_END_OF_STREAM.
    return stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity))
        ?? MHD_CONTENT_READER_END_OF_STREAM
}

/// Called once the connection is gone, whether the page left or the server stopped.
private let releaseEvents: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<EventStream>.fromOpaque(context).takeRetainedValue().close()
}
