import Foundation
@testable import BrainFormats

/// Locates `Tests/Fixtures/bv` from this source file, so tests never depend on the working directory.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/bv")

    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    static func data(_ relative: String) throws -> Data { try Data(contentsOf: url(relative)) }

    /// The EXPECTED.json entry of one real file.
    static func expected(_ relative: String) throws -> [String: Any] {
        let json = try JSONSerialization.jsonObject(with: data("EXPECTED.json")) as! [String: Any]
        return (json["files"] as! [String: Any])[relative] as! [String: Any]
    }

    static let realVMRs = ["bvbabel/sub-test03.vmr", "bvbabel/sub-test03_cube.vmr",
                           "bvbabel/sub-test07_partial_coverage.vmr", "nibabel/test.vmr"]

    /// A fresh temporary folder, removed by the caller.
    static func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bf-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}

extension Dictionary where Key == String, Value == Any {
    func int(_ key: String) -> Int { (self[key] as! NSNumber).intValue }
    func double(_ key: String) -> Double { (self[key] as! NSNumber).doubleValue }
    func string(_ key: String) -> String { self[key] as! String }
    func ints(_ key: String) -> [Int] { (self[key] as! [NSNumber]).map(\.intValue) }
    func doubles(_ key: String) -> [Double] { (self[key] as! [NSNumber]).map(\.doubleValue) }
    func dict(_ key: String) -> [String: Any] { self[key] as! [String: Any] }
    func dicts(_ key: String) -> [[String: Any]] { self[key] as! [[String: Any]] }
}

func close(_ a: [Float], _ b: [Double], tolerance: Double = 1e-5) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs(Double($0) - $1) <= tolerance }
}

func array(_ v: SIMD3<Float>) -> [Float] { [v.x, v.y, v.z] }

func simd_dot(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float { (a * b).sum() }

func simd_cross(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
