// The socket constants (`SOCK_STREAM`) come with libmicrohttpd's `sys/socket.h` in this
// module: without its import an optimised build does not see them here.
import CMicroHTTPD
import Foundation
import Glibc

/// One preview per served folder: held while a `tessera serve` runs, so a second one on the
/// same folder (a forgotten terminal) is refused instead of rebuilding it in turn, each
/// serving whatever the other built last.
///
/// The claim is a listening socket in Linux's abstract namespace, named after the folder's
/// real path: no file is written anywhere, and the kernel lets go of it when the process
/// ends, however it ends (a killed serve leaves no stale claim). The holder's process ID is
/// read from a connection to it (`SO_PEERCRED`).
package final class FolderClaim: Sendable {
    private let socket: Int32

    /// Claims `folder` (it need not exist yet: its absolute path stands for it then).
    ///
    /// - Throws: `FolderClaimError.held` when another process holds it.
    package init(folder: URL) throws(FolderClaimError) {
        let name = Self.name(for: folder)
        let claim = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        // Out of descriptors or no UNIX sockets: serve unclaimed, as before.
        guard claim >= 0 else {
            socket = -1
            return
        }
        let bound = Self.withAddress(name) { bind(claim, $0, $1) }
        guard bound == 0, listen(claim, 4) == 0 else {
            let failure = errno
            close(claim)
            guard failure == EADDRINUSE else {
                socket = -1
                return
            }
            throw .held(byProcess: Self.holder(of: name))
        }
        socket = claim
    }

    deinit {
        if socket >= 0 { close(socket) }
    }

    /// The abstract socket's name: Tessera's, with a digest (64-bit FNV-1a) of the folder's
    /// real path, well within the 107 bytes a name may have.
    static func name(for folder: URL) -> [UInt8] {
        let absolute = folder.standardizedFileURL.path
        let real = realpath(absolute, nil)
        defer { free(real) }
        let path = real.map { String(cString: $0) } ?? absolute
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            digest ^= UInt64(byte)
            digest = digest &* 0x100_0000_01b3
        }
        return Array("tessera-serve-\(String(digest, radix: 16))".utf8)
    }

    /// The process listening on the claim `name`, if it can be asked.
    private static func holder(of name: [UInt8]) -> Int32? {
        let probe = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return nil }
        defer { close(probe) }
        guard withAddress(name, { connect(probe, $0, $1) }) == 0 else { return nil }
        // `struct ucred` (pid, uid, gid: three 32-bit fields), which the Glibc module leaves
        // out without _GNU_SOURCE.
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(probe, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0, length == 12,
            credentials.pid > 0
        else { return nil }
        return credentials.pid
    }

    /// Calls `body` with the abstract address of `name` (a leading NUL, no trailing one).
    private static func withAddress(
        _ name: [UInt8], _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let used = min(name.count, capacity - 1)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            path[0] = 0
            for index in 0..<used { path[index + 1] = name[index] }
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + 1 + used)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}

/// Why a folder could not be claimed for a preview.
package enum FolderClaimError: Error, Equatable, Sendable {
    /// Another process serves it: its ID, when it could be asked.
    case held(byProcess: Int32?)
}
