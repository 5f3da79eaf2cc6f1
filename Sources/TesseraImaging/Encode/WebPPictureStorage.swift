import CWebP

/// libwebp's picture, encoder settings and in-memory writer for one encode, each at one
/// heap address from first use to `deinit`, which frees what libwebp allocated in them.
///
/// The picture holds the address of the writer (`custom_ptr`), and `WebPEncode` keeps the
/// picture's and the settings' addresses while it runs; Swift values passed with `&` are
/// valid for one call only, and a picture pointing at a writer that has moved would write
/// through a dead address. Reached only through these pointers, nothing can move.
final class WebPPictureStorage {
    let picture: UnsafeMutablePointer<WebPPicture>
    let config: UnsafeMutablePointer<WebPConfig>
    let writer: UnsafeMutablePointer<WebPMemoryWriter>
    /// Whether libwebp accepted the structures (it checks its own version against ours).
    let isReady: Bool
    private var hasPlanes = false

    init() {
        picture = .allocate(capacity: 1)
        picture.initialize(to: WebPPicture())
        config = .allocate(capacity: 1)
        config.initialize(to: WebPConfig())
        writer = .allocate(capacity: 1)
        writer.initialize(to: WebPMemoryWriter())
        WebPMemoryWriterInit(writer)
        isReady = WebPConfigInit(config) != 0 && WebPPictureInit(picture) != 0
        picture.pointee.writer = WebPMemoryWrite
        picture.pointee.custom_ptr = UnsafeMutableRawPointer(writer)
    }

    deinit {
        if hasPlanes { WebPPictureFree(picture) }
        WebPMemoryWriterClear(writer)
        picture.deinitialize(count: 1)
        picture.deallocate()
        config.deinitialize(count: 1)
        config.deallocate()
        writer.deinitialize(count: 1)
        writer.deallocate()
    }

    /// Allocates the picture's planes for the width and height set on it.
    func allocatePlanes() -> Bool {
        hasPlanes = WebPPictureAlloc(picture) != 0
        return hasPlanes
    }

    /// Encodes the picture into the writer's memory.
    func encode() -> Bool {
        WebPEncode(config, picture) != 0
    }

    /// What the writer holds after a successful `encode`; nil when it holds nothing.
    var encoded: [UInt8]? {
        guard let bytes = writer.pointee.mem else { return nil }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: writer.pointee.size))
    }
}
