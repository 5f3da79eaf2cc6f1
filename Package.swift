// swift-tools-version:6.0
import PackageDescription

/// Tessera: a folder of photos becomes a justified, aspect-exact static gallery.
///
/// Data flows one way: scan → plan → image → layout → render → write.
/// `TesseraCore` is pure Swift (testable without libgd), on top of `TesseraLayout` and
/// `TesseraTemplate`, which depend on nothing; `TesseraImaging` is the only
/// Swift code that touches the C image libraries, `TesseraYAML` libyaml and
/// `TesseraMarkdown` libcmark; `TesseraCLI` wires them together.
let package = Package(
    name: "Tessera",
    products: [
        .executable(name: "tessera", targets: ["tessera"])
    ],
    targets: [
        // No pkgConfig: gdlib's flags carry libavif's `-DAVIF_DLL`, which SwiftPM refuses
        // with a warning; gd.h lives in /usr/include and the module map links libgd.
        .systemLibrary(name: "CGD", providers: [.apt(["libgd-dev"])]),
        .systemLibrary(
            name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(
            name: "CLcms2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        // The modern formats renditions can also be written in, beside JPEG.
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        // No pkgConfig, as for CGD: libavif's flags carry `-DAVIF_DLL`, which SwiftPM refuses.
        .systemLibrary(name: "CAVIF", providers: [.apt(["libavif-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libtiff directly, for CMYK TIFFs only (libgd's RGBA reading of them ignores their profile).
        .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
        // libpng's simplified reader, for 16-bit PNGs only (libgd truncates them to 8 bits).
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        // XMP (titles and descriptions photo software embeds) and IPTC-IIM (captions).
        .systemLibrary(
            name: "CExempi", pkgConfig: "exempi-2.0", providers: [.apt(["libexempi-dev"])]),
        .systemLibrary(
            name: "CIPTCData", pkgConfig: "libiptcdata", providers: [.apt(["libiptcdata0-dev"])]),
        // Camera raw files (DNG, CR2, NEF, ARW…). No pkgConfig: libraw.pc's flags carry
        // `-fopenmp` and libraw's own dependencies (libstdc++, lcms2), which libraw.so
        // already links; libraw.h lives in /usr/include/libraw and the module map links libraw.
        .systemLibrary(name: "CLibRaw", providers: [.apt(["libraw-dev"])]),
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // A C file of ours: libjpeg's error handling needs setjmp, which Swift cannot call.
        .target(name: "CJPEGWriter", linkerSettings: [.linkedLibrary("jpeg")]),
        // The resamplers' inner loops, for SSE2's and AVX2's 16-bit multiply-add; optimised
        // in debug builds too, as tests resize thousands of images.
        .target(name: "CLanczos", cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CMark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        // Justified rows and their responsive CSS: pure arithmetic on aspect ratios.
        // The row search runs about 10× slower unoptimised; tests lay out albums of 3,000.
        .target(name: "TesseraLayout", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Mustache: parser, renderer, linter and the encoder of typed models into contexts.
        .target(name: "TesseraTemplate"),
        .target(name: "TesseraCore", dependencies: ["TesseraLayout", "TesseraTemplate"]),
        // YAML (tessera.yaml, front matter) through libyaml; implements Core's DocumentParsing.
        .target(name: "TesseraYAML", dependencies: ["TesseraCore", "CYAML"]),
        // CommonMark through libcmark; implements Core's MarkdownRendering.
        .target(name: "TesseraMarkdown", dependencies: ["TesseraCore", "CMark"]),
        .target(
            name: "TesseraImaging",
            dependencies: [
                "TesseraCore", "CGD", "CExif", "CTurboJPEG", "CJPEGWriter", "CLanczos", "CExempi", "CIPTCData", "CHeif",
                "CLcms2", "CZlib", "CPNG", "CTIFF", "CWebP", "CAVIF", "CLibRaw",
            ],
            // Pixel loops run 10–50× slower unoptimised; tests decode thousands of images.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Video through the ffprobe and ffmpeg programs (Debian's ffmpeg), run as processes.
        .target(name: "TesseraVideo", dependencies: ["TesseraCore"]),
        // The preview server knows nothing of galleries: a folder to serve, a rebuild closure.
        .target(name: "TesseraServe", dependencies: ["CMicroHTTPD"]),
        .target(
            name: "TesseraCLI",
            dependencies: [
                "TesseraCore", "TesseraLayout", "TesseraTemplate", "TesseraImaging", "TesseraServe", "TesseraYAML",
                "TesseraMarkdown", "TesseraVideo",
            ]),
        .executableTarget(name: "tessera", dependencies: ["TesseraCLI", "TesseraImaging"]),
        // The video engine on its own, for bench/video.py.
        .executableTarget(name: "VideoBench", dependencies: ["TesseraVideo", "TesseraCore"], path: "bench/VideoBench"),
        // Helpers every test target shares: temporary folders, a fake imaging port.
        .target(name: "TesseraTestSupport", dependencies: ["TesseraCore"], path: "Tests/TesseraTestSupport"),
        .testTarget(
            name: "TesseraCoreTests",
            dependencies: [
                "TesseraCore", "TesseraLayout", "TesseraTemplate", "TesseraTestSupport", "TesseraYAML",
                "TesseraMarkdown",
            ],
            exclude: ["Render/Golden", "Incremental/Fixtures"]),
        .testTarget(name: "TesseraLayoutTests", dependencies: ["TesseraLayout"]),
        .testTarget(name: "TesseraTemplateTests", dependencies: ["TesseraTemplate"]),
        .testTarget(
            name: "TesseraImagingTests",
            dependencies: [
                "TesseraImaging", "TesseraCore", "TesseraTestSupport", "CGD", "CExif", "CTurboJPEG", "CHeif",
                "CLcms2", "CZlib", "CLanczos",
            ]),
        .testTarget(name: "TesseraYAMLTests", dependencies: ["TesseraYAML", "TesseraCore", "TesseraTestSupport"]),
        .testTarget(
            name: "TesseraMarkdownTests", dependencies: ["TesseraMarkdown", "TesseraCore", "TesseraTestSupport"]),
        .testTarget(
            name: "TesseraVideoTests",
            dependencies: [
                "TesseraVideo", "TesseraCore", "TesseraImaging", "TesseraTestSupport", "TesseraYAML", "TesseraMarkdown",
            ],
            exclude: ["Fixtures"]),
        .testTarget(name: "TesseraServeTests", dependencies: ["TesseraServe", "TesseraTestSupport"]),
        .testTarget(
            name: "TesseraCLITests",
            dependencies: ["TesseraCLI", "TesseraCore", "TesseraImaging", "TesseraServe", "TesseraTestSupport"],
            exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzz targets (Fuzz/README.md): one libFuzzer entry point per parser of untrusted bytes.
// They exist only when TESSERA_FUZZ is set, as `scripts/fuzz` (`make fuzz`) sets it when it
// builds them with `--sanitize fuzzer --sanitize address` into `.build/fuzz`, so `swift build`
// and `swift test` of the package never compile them.
if Context.environment["TESSERA_FUZZ"] != nil {
    package.targets.append(
        .target(name: "FuzzSupport", path: "Fuzz/Sources/FuzzSupport"))
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzYAML", ["TesseraCore", "TesseraYAML"]),
        ("FuzzNote", ["TesseraCore", "TesseraYAML", "TesseraMarkdown"]),
        ("FuzzMarkdown", ["TesseraCore", "TesseraMarkdown"]),
        ("FuzzXMP", ["TesseraImaging"]),
        ("FuzzIPTC", ["TesseraImaging"]),
        ("FuzzEXIF", ["TesseraImaging"]),
        ("FuzzHeader", ["TesseraCore", "TesseraImaging"]),
        ("FuzzDecode", ["TesseraCore", "TesseraImaging"]),
        ("FuzzRaw", ["TesseraCore", "TesseraImaging"]),
        ("FuzzManifest", ["TesseraCore"]),
        ("FuzzRequestPath", ["TesseraServe"]),
        ("FuzzRequestHeaders", ["TesseraServe"]),
        ("FuzzRawSignature", ["TesseraCore"]),
        ("FuzzPluralRules", ["TesseraCore"]),
        ("FuzzProbeReport", ["TesseraVideo"]),
        ("FuzzMotion", ["TesseraCore"]),
        ("FuzzStrip", ["TesseraCore"]),
        ("FuzzSigalConf", ["TesseraCore"]),
        ("FuzzTemplate", ["TesseraTemplate"]),
        ("FuzzVerify", ["TesseraCore"]),
        ("FuzzThemeMetrics", ["TesseraCore", "TesseraYAML", "TesseraLayout"]),
        ("FuzzWorkerAnswer", ["TesseraCore", "TesseraImaging"]),
    ]
    for target in fuzzTargets {
        package.targets.append(
            .executableTarget(
                name: target.name, dependencies: target.dependencies + ["FuzzSupport"],
                path: "Fuzz/Sources/\(target.name)"))
    }
}
