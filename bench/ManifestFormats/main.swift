// Prices ways to store and load the manifest, on a real one (issue 22, item 5).
//
//     swiftc -O bench/ManifestFormats/main.swift -o /tmp/manifest-formats
//     /tmp/manifest-formats SITE/.tessera-manifest.json
//
// Decodes the manifest's JSON into mirror types of the fields a photo library's manifest
// holds (the files, each photo's size, time, digest and header), then the same values
// stored each other way, and prints the CPU time (user + system, this process) and wall
// time of each, the median of 5. Nothing here is part of Tessera: it only measures.
import Dispatch
import Foundation

struct Product: Codable, Equatable { var fingerprint: String }
struct Size: Codable, Equatable {
    var width: Int
    var height: Int
}
struct Metadata: Codable, Equatable {
    var dateTaken, cameraMake, cameraModel, lens, exposure, aperture, focalLength: String?
    var iso: Int?
    var caption, artist, xmpTitle, xmpDescription, iptcTitle, iptcCaption: String?
}
struct Info: Codable, Equatable {
    var format: String
    var storedSize: Size
    var orientation: Int
    var metadata: Metadata
}
struct Known: Codable, Equatable {
    var byteCount: Int
    var modified: Double
    var contentHash: String
    var info: Info
    var inode: UInt64?
}
struct Manifest: Codable, Equatable {
    var version: Int
    var files: [String: Product]
    var photos: [String: Known]
    var layouts: [String: String]?
}
/// The same, with each file's fingerprint as a plain string.
struct FlatManifest: Codable {
    var version: Int
    var files: [String: String]
    var photos: [String: Known]
    var layouts: [String: String]?
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return s(usage.ru_utime) + s(usage.ru_stime)
}

func measure(_ name: String, bytes: Int, _ body: () -> Void) {
    var cpu: [Double] = []
    var wall: [Double] = []
    for _ in 0..<5 {
        let c = cpuSeconds()
        let w = DispatchTime.now().uptimeNanoseconds
        body()
        cpu.append(cpuSeconds() - c)
        wall.append(Double(DispatchTime.now().uptimeNanoseconds - w) / 1e9)
    }
    let median = { (xs: [Double]) in xs.sorted()[xs.count / 2] }
    print(
        String(
            format: "| %@ | %.1f MB | %.3f s | %.3f s |", name, Double(bytes) / 1e6, median(cpu), median(wall)))
}

/// A length-prefixed binary form: strings as LEB128 length + UTF-8, numbers as LEB128 or
/// raw 8 bytes; a photo's metadata as a bitmask of the fields present, then each.
struct Writer {
    var bytes: [UInt8] = []
    mutating func int(_ v: UInt64) {
        var v = v
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }
    mutating func string(_ s: String) {
        let utf8 = Array(s.utf8)
        int(UInt64(utf8.count))
        bytes += utf8
    }
    mutating func double(_ d: Double) {
        withUnsafeBytes(of: d.bitPattern.littleEndian) { bytes += $0 }
    }
}
struct Reader {
    let bytes: [UInt8]
    var at = 0
    mutating func int() -> UInt64 {
        var v: UInt64 = 0
        var shift: UInt64 = 0
        while at < bytes.count {
            let b = bytes[at]
            at += 1
            v |= UInt64(b & 0x7F) << shift
            if b < 0x80 { break }
            shift += 7
        }
        return v
    }
    mutating func string() -> String {
        let n = Int(int())
        let s = bytes.withUnsafeBufferPointer { String(decoding: $0[at..<at + n], as: UTF8.self) }
        at += n
        return s
    }
    mutating func double() -> Double {
        var raw: UInt64 = 0
        for i in 0..<8 { raw |= UInt64(bytes[at + i]) << (8 * UInt64(i)) }
        at += 8
        return Double(bitPattern: raw)
    }
}

func binary(_ m: Manifest) -> [UInt8] {
    var w = Writer()
    w.int(UInt64(m.version))
    w.int(UInt64(m.files.count))
    for (path, product) in m.files {
        w.string(path)
        w.string(product.fingerprint)
    }
    w.int(UInt64(m.photos.count))
    for (key, p) in m.photos {
        w.string(key)
        w.int(UInt64(p.byteCount))
        w.double(p.modified)
        w.string(p.contentHash)
        w.int(p.inode ?? 0)
        w.string(p.info.format)
        w.int(UInt64(p.info.storedSize.width))
        w.int(UInt64(p.info.storedSize.height))
        w.int(UInt64(p.info.orientation))
        let d = p.info.metadata
        let fields = [
            d.dateTaken, d.cameraMake, d.cameraModel, d.lens, d.exposure, d.aperture, d.focalLength,
            d.iso.map(String.init), d.caption, d.artist, d.xmpTitle, d.xmpDescription, d.iptcTitle, d.iptcCaption,
        ]
        var mask: UInt64 = 0
        for (i, f) in fields.enumerated() where f != nil { mask |= 1 << UInt64(i) }
        w.int(mask)
        for f in fields { if let f { w.string(f) } }
    }
    let layouts = m.layouts ?? [:]
    w.int(UInt64(layouts.count))
    for (k, v) in layouts {
        w.string(k)
        w.string(v)
    }
    return w.bytes
}

func unbinary(_ bytes: [UInt8]) -> Manifest {
    var r = Reader(bytes: bytes)
    let version = Int(r.int())
    var files: [String: Product] = [:]
    let fileCount = Int(r.int())
    files.reserveCapacity(fileCount)
    for _ in 0..<fileCount {
        let path = r.string()
        files[path] = Product(fingerprint: r.string())
    }
    var photos: [String: Known] = [:]
    let photoCount = Int(r.int())
    photos.reserveCapacity(photoCount)
    for _ in 0..<photoCount {
        let key = r.string()
        let byteCount = Int(r.int())
        let modified = r.double()
        let hash = r.string()
        let inode = r.int()
        let format = r.string()
        let size = Size(width: Int(r.int()), height: Int(r.int()))
        let orientation = Int(r.int())
        let mask = r.int()
        var f: [String?] = []
        for i in 0..<14 { f.append(mask & (1 << UInt64(i)) != 0 ? r.string() : nil) }
        let metadata = Metadata(
            dateTaken: f[0], cameraMake: f[1], cameraModel: f[2], lens: f[3], exposure: f[4], aperture: f[5],
            focalLength: f[6], iso: f[7].flatMap { Int($0) }, caption: f[8], artist: f[9], xmpTitle: f[10],
            xmpDescription: f[11], iptcTitle: f[12], iptcCaption: f[13])
        photos[key] = Known(
            byteCount: byteCount, modified: modified, contentHash: hash,
            info: Info(format: format, storedSize: size, orientation: orientation, metadata: metadata),
            inode: inode == 0 ? nil : inode)
    }
    var layouts: [String: String] = [:]
    for _ in 0..<Int(r.int()) {
        let k = r.string()
        layouts[k] = r.string()
    }
    return Manifest(version: version, files: files, photos: photos, layouts: layouts.isEmpty ? nil : layouts)
}

let path = CommandLine.arguments.dropFirst().first ?? ".tessera-manifest.json"
let json = try Data(contentsOf: URL(fileURLWithPath: path))
let manifest = try JSONDecoder().decode(Manifest.self, from: json)
print("\(manifest.files.count) files, \(manifest.photos.count) photos, \(json.count) bytes of JSON\n")
print("| form | size | CPU | wall |")
print("|---|---:|---:|---:|")
measure("JSON, JSONDecoder (today)", bytes: json.count) {
    _ = try! JSONDecoder().decode(Manifest.self, from: json)
}
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
let flat = try encoder.encode(
    FlatManifest(
        version: manifest.version, files: manifest.files.mapValues(\.fingerprint), photos: manifest.photos,
        layouts: manifest.layouts))
measure("JSON, fingerprints as plain strings", bytes: flat.count) {
    _ = try! JSONDecoder().decode(FlatManifest.self, from: flat)
}
measure("JSON, JSONSerialization only (no typed values)", bytes: json.count) {
    _ = try! JSONSerialization.jsonObject(with: json)
}
let plistEncoder = PropertyListEncoder()
plistEncoder.outputFormat = .binary
let plist = try plistEncoder.encode(manifest)
measure("binary property list, PropertyListDecoder", bytes: plist.count) {
    _ = try! PropertyListDecoder().decode(Manifest.self, from: plist)
}
// One shard per album (the folder before the first `/`, which a photo's key writes `%2F`),
// decoded on 2 threads.
var shardFiles: [String: [String: Product]] = [:]
var shardPhotos: [String: [String: Known]] = [:]
for (p, v) in manifest.files { shardFiles[String(p.split(separator: "/").first ?? ""), default: [:]][p] = v }
for (p, v) in manifest.photos { shardPhotos[p.components(separatedBy: "%2F").first ?? "", default: [:]][p] = v }
let shards = Set(shardFiles.keys).union(shardPhotos.keys).sorted().map {
    try! encoder.encode(Manifest(version: 3, files: shardFiles[$0] ?? [:], photos: shardPhotos[$0] ?? [:]))
}
measure("JSON, \(shards.count) shards decoded on 2 threads", bytes: shards.reduce(0) { $0 + $1.count }) {
    let results = UnsafeMutableBufferPointer<Manifest?>.allocate(capacity: shards.count)
    results.initialize(repeating: nil)
    DispatchQueue.concurrentPerform(iterations: 2) { worker in
        for i in stride(from: worker, to: shards.count, by: 2) {
            results[i] = try! JSONDecoder().decode(Manifest.self, from: shards[i])
        }
    }
    var merged = Manifest(version: 3, files: [:], photos: [:])
    for r in results {
        merged.files.merge(r!.files) { $1 }
        merged.photos.merge(r!.photos) { $1 }
    }
    results.deallocate()
}
let compact = binary(manifest)
precondition(unbinary(compact) == manifest, "the binary form round-trips")
measure("compact binary, read by hand", bytes: compact.count) {
    _ = unbinary(compact)
}
