import Foundation
import Synchronization

/// Runs code with a normal user's file permissions even when the tests run as root, as
/// they do in CI, where `chmod 000` stops nothing.
///
/// Linux keeps the user that file permissions are checked against per thread
/// (setfsuid(2)), and root gives up its power to read and write everything when it takes
/// another one, on that thread alone. `run` does this on a thread of its own and takes
/// root back before the thread ends; the rest of the test process stays as it was. As a
/// normal user `run` changes nothing, and `chmod 000` binds as it is.
package enum Unprivileged {
    /// The user `nobody`.
    package static let user: UInt32 = 65534

    /// Whether the tests run as root.
    package static var isRoot: Bool { geteuid() == 0 }

    /// Runs `body` on a new thread checked against `nobody`'s permissions (when root), and
    /// returns what it returns. Work `body` hands to other threads runs as the process does.
    package static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let root = isRoot
            if root { _ = setFileSystemUser(user) }
            let result = Result { try body() }
            if root { _ = setFileSystemUser(0) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        done.wait()
        return try outcome.withLock { $0! }.get()
    }

    /// Gives `folder` and everything in it to `nobody` (when root), so that `run` can write
    /// there as it could in a folder of its own.
    package static func hand(_ folder: URL) throws {
        guard isRoot else { return }
        let manager = FileManager.default
        var paths = [folder.path]
        if let enumerator = manager.enumerator(atPath: folder.path) {
            while let path = enumerator.nextObject() as? String { paths.append(folder.path + "/" + path) }
        }
        for path in paths where lchown(path, user, user) != 0 {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
    }

    /// setfsuid(2), which Glibc's Swift module does not export; returns the previous user.
    private static func setFileSystemUser(_ uid: UInt32) -> Int32 {
        typealias SetFileSystemUser = @convention(c) (UInt32) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "setfsuid") else { return -1 }
        return unsafeBitCast(symbol, to: SetFileSystemUser.self)(uid)
    }
}
