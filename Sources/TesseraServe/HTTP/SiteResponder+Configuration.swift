import Glibc

extension SiteResponder {
    /// The responder a server with `configuration` answers with: its folder (the root
    /// resolved), its live-reload hub when `liveReload` is on, and its host policy. Tests
    /// ask it for replies without a socket.
    ///
    /// - Throws: `rootIsNotAFolder` when `configuration.root` is not a folder.
    init(_ configuration: PreviewServer.Configuration) throws(PreviewServerError) {
        let rootPath = configuration.root.path
        var info = stat()
        guard stat(rootPath, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
            let resolved = realpath(rootPath, nil)
        else { throw PreviewServerError(reason: .rootIsNotAFolder(path: rootPath)) }
        let root = String(cString: resolved)
        free(resolved)
        self.init(
            folder: ServedFolder(root: root, refusesName: configuration.refusesName),
            hub: configuration.liveReload
                ? ReloadHub(
                    heartbeat: configuration.heartbeatInterval,
                    maximumStreams: configuration.maximumLiveReloadStreams)
                : nil,
            hostPolicy: HostPolicy(listeningOn: configuration.host),
            sitePrefix: (try? RequestPath(escaped: configuration.sitePath))?.segments ?? [])
    }
}
