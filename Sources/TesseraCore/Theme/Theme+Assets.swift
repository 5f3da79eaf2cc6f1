import Foundation

extension Theme {
    /// The folder of a theme whose files are published as they are, at the same path in the
    /// site (`assets/fonts/body.woff2`): scripts, stylesheets, fonts and images a template
    /// links to.
    static let assetsFolder = "assets"

    /// The built-in default theme's assets, by path in the site.
    static var defaultAssets: [String: [UInt8]] {
        DefaultTemplates.assetFiles[DefaultTemplates.defaultTheme] ?? [:]
    }

    /// Every file under `folder/assets/`, by its path relative to `folder`
    /// (`assets/fonts/body.woff2`), read byte for byte; hidden files (`.DS_Store`) are left
    /// out. None when the folder has no `assets/`.
    ///
    /// - Throws: `ThemeError.assetUnreadable` when a file or folder there cannot be read, is a
    ///   link to a folder or to a file outside `folder` (a theme copied from elsewhere would
    ///   publish whatever it points at: `font.woff2 -> ~/.ssh/id_rsa`), or has a name that is
    ///   not UTF-8.
    static func readAssets(in folder: String) throws(ThemeError) -> [String: [UInt8]] {
        var assets: [String: [UInt8]] = [:]
        let realFolder = FileSystem.realPath(folder) ?? folder
        func walk(_ relative: String) throws(ThemeError) {
            let path = folder + "/" + relative
            let entries: [FileSystem.Entry]
            switch FileSystem.listing(of: path) {
            case .success(let found): entries = found
            case .failure(let failure): throw .assetUnreadable(path, reason: failure.description)
            }
            for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") {
                let child = relative + "/" + entry.name
                let childPath = folder + "/" + child
                guard entry.isValidUTF8 else {
                    throw .assetUnreadable(childPath, reason: "its name is not UTF-8; rename it")
                }
                if FileSystem.isDirectory(childPath) {
                    guard !FileSystem.isSymbolicLink(childPath) else {
                        throw .assetUnreadable(
                            childPath, reason: "it is a link to a folder; copy the folder in instead")
                    }
                    try walk(child)
                    continue
                }
                if FileSystem.isSymbolicLink(childPath),
                    let target = FileSystem.realPath(childPath), !FileSystem.isWithin(target, realFolder)
                {
                    throw .assetUnreadable(
                        childPath,
                        reason: "it is a link to '\(target)', outside the theme's folder, which would be "
                            + "published; copy the file in instead")
                }
                switch FileSystem.readFile(childPath) {
                case .success(let bytes): assets[child] = bytes
                case .failure(let failure): throw .assetUnreadable(childPath, reason: failure.description)
                }
            }
        }
        guard FileSystem.isDirectory(folder + "/" + assetsFolder) else { return [:] }
        try walk(assetsFolder)
        return assets
    }
}
