import Foundation
import Testing
@testable import BrainFormats

/// The VMP/SMP fixtures (written with bvbabel, `Tests/Fixtures/maps/make_fixtures.py`) and what bvbabel read from them.
enum MapFixtures {
    static let root = Fixtures.root.deletingLastPathComponent().appendingPathComponent("maps")
    static let vmps = ["two_maps_v6.vmp", "lag_map_v6.vmp", "ica_v6.vmp"]
    static let smps = ["faces_v1.smp", "faces_v2.smp", "faces_v3.smp", "faces_v4.smp", "faces_v5.smp"]

    static func data(_ name: String) throws -> Data { try Data(contentsOf: root.appendingPathComponent(name)) }

    static func expected(_ name: String) throws -> [String: Any] {
        let json = try JSONSerialization.jsonObject(with: data("EXPECTED.json")) as! [String: Any]
        return (json["files"] as! [String: Any])[name] as! [String: Any]
    }

    /// Checks one map's values against bvbabel's statistics (sum in float64, the rest exact).
    static func expectValues(_ values: MapValues, _ e: [String: Any], _ label: String) {
        let floats = values.floats
        #expect(abs(floats.reduce(0.0) { $0 + Double($1) } - e.double("sum")) < 1e-3, "\(label) sum")
        #expect(floats.min()! == e.float("min") && floats.max()! == e.float("max"), "\(label) range")
        #expect(floats.filter { $0 != 0 }.count == e.int("nonZero"), "\(label) non-zero")
        #expect(floats[0] == e.float("first") && floats[17] == e.float("at17") && floats[floats.count - 1] == e.float("last"),
                "\(label) samples")
        let stats = values.statistics
        #expect(stats.range == floats.min()!...floats.max()! && stats.nonZero == e.int("nonZero"), "\(label) statistics")
    }

    static func rgb(_ c: MapRGB) -> [Int] { [Int(c.r), Int(c.g), Int(c.b)] }

    /// A Python with bvbabel (`$BRAINTUTOR_BVBABEL_PYTHON`, else `python3`), or nil when there is none.
    static func bvbabelPython() -> String? {
        let python = ProcessInfo.processInfo.environment["BRAINTUTOR_BVBABEL_PYTHON"] ?? "python3"
        return (try? run(python, ["-c", "import bvbabel"])) != nil ? python : nil
    }

    /// What bvbabel reads from `files` (the fixture script's `--describe` mode).
    static func bvbabelDescription(_ python: String, _ files: [URL]) throws -> [String: Any] {
        let out = try run(python, [root.appendingPathComponent("make_fixtures.py").path, "--describe"] + files.map(\.path))
        return try JSONSerialization.jsonObject(with: out) as! [String: Any]
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return out
    }
}

extension Dictionary where Key == String, Value == Any {
    /// A number as the f32 it was stored as (Foundation's JSON parser can be off in the last digit of a double).
    func float(_ key: String) -> Float { Float(double(key)) }
}
