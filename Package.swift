// swift-tools-version:6.0
import PackageDescription

/// Tessera: a folder of photos becomes a justified, aspect-exact static gallery.
///
/// Data flows one way: scan → plan → image → layout → render → write.
/// `TesseraCore` is pure Swift (testable without libgd); `TesseraImaging` is the only
/// Swift code that touches the C image libraries; `TesseraCLI` wires them together.
let package = Package(
    name: "Tessera",
    products: [
        .executable(name: "tessera", targets: ["tessera"]),
    ],
    targets: [
        .systemLibrary(
            name: "CGD", pkgConfig: "gdlib", providers: [.apt(["libgd-dev"])]),
        .systemLibrary(
            name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(
            name: "CLcms2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Our one C file: libjpeg's error handling needs setjmp, which Swift cannot call.
        .target(name: "CJPEGWriter", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "TesseraCore"),
        .target(
            name: "TesseraImaging",
            dependencies: ["TesseraCore", "CGD", "CExif", "CTurboJPEG", "CJPEGWriter", "CHeif", "CLcms2", "CZlib"]),
        .target(name: "TesseraCLI", dependencies: ["TesseraCore", "TesseraImaging"]),
        .executableTarget(name: "tessera", dependencies: ["TesseraCLI"]),
        .testTarget(name: "TesseraCoreTests", dependencies: ["TesseraCore"]),
        .testTarget(
            name: "TesseraImagingTests",
            dependencies: ["TesseraImaging", "TesseraCore", "CGD", "CExif", "CTurboJPEG", "CHeif", "CLcms2"]),
        .testTarget(
            name: "TesseraCLITests", dependencies: ["TesseraCLI", "TesseraCore", "TesseraImaging"]),
    ],
    swiftLanguageModes: [.v6]
)
