import Foundation
import Testing
@testable import BrainFormats

@Suite struct SMPFileTests {
    @Test(arguments: MapFixtures.smps)
    func readsWhatBvbabelReads(_ name: String) throws {
        let e = try MapFixtures.expected(name)
        let smp = try SMPFile(data: MapFixtures.data(name), name: name)
        expectFile(smp, e, name)
    }

    private func expectFile(_ smp: SMPFile, _ e: [String: Any], _ name: String) {
        #expect(Int(smp.version) == e.int("File version") && Int(smp.vertexCount) == e.int("Nr vertices"))
        #expect(smp.maps.count == e.int("Nr maps") && smp.srfFileName.string == e.string("SRF file"))
        for (m, (map, x)) in zip(smp.maps, e.dicts("Map")).enumerated() {
            let label = "\(name) map \(m + 1)"
            #expect(Int(map.type.code) == x.int("Map type") && map.name.string == x.string("Name"), "\(label)")
            if let lags = map.lags {
                #expect([lags.count, lags.minimum, lags.maximum, lags.shown].map(Int.init)
                        == ["CC nr lags", "CC min lag", "CC max lag", "CC overlay"].map { x.int($0) }, "\(label)")
            } else {
                #expect(x["CC nr lags"] == nil, "\(label)")
            }
            #expect(Int(map.clusterSize) == x.int("Cluster size") && Int(map.enableClusterCheck) == x.int("Cluster checkbox"), "\(label)")
            #expect(map.thresholdMin == x.float("Threshold min") && map.thresholdMax == x.float("Threshold max"), "\(label)")
            if smp.version >= 4 { #expect(Int(map.includeValuesAboveMax) == x.int("Threshold include greater than max"), "\(label)") }
            #expect(Int(map.degreesOfFreedom1) == x.int("Degrees of freedom 1") && Int(map.degreesOfFreedom2) == x.int("Degrees of freedom 2"))
            #expect(Int(map.showPositiveNegative) == x.int("Show positive negative") && Int(map.bonferroniValue) == x.int("Bonferroni correction value"))
            if smp.version >= 2 {
                #expect(MapFixtures.rgb(map.positiveMinColor) == x.ints("RGB positive min")
                        && MapFixtures.rgb(map.positiveMaxColor) == x.ints("RGB positive max"), "\(label)")
                if smp.version >= 4 {
                    #expect(MapFixtures.rgb(map.negativeMinColor) == x.ints("RGB negative min")
                            && MapFixtures.rgb(map.negativeMaxColor) == x.ints("RGB negative max"), "\(label)")
                }
                #expect(Int(map.useRGBColor) == x.int("RGB or LUT") && map.lutFileName.string == x.string("LUT file"), "\(label)")
                #expect(map.transparency == x.float("Color transparency"), "\(label)")
            }
            MapFixtures.expectValues(map.values, e.dicts("values")[m], label)
        }
    }

    @Test(arguments: MapFixtures.smps)
    func roundTripsByteForByte(_ name: String) throws {
        let raw = try MapFixtures.data(name)
        #expect(try SMPFile(data: raw, name: name).encoded() == raw)
    }

    @Test(arguments: MapFixtures.smps)
    func everyTruncationIsRefused(_ name: String) throws {
        let raw = try MapFixtures.data(name)
        for length in 0..<raw.count {
            #expect(throws: FormatError.self) { try SMPFile(data: raw.prefix(length), name: "cut.smp") }
        }
    }

    @Test func hugeCountsAreRefusedBeforeAllocating() throws {
        var raw = try MapFixtures.data("faces_v5.smp")
        raw.replaceSubrange(2..<6, with: [0, 0, 0, 0x70])  // NrOfVertices ≈ 1.9e9
        let error = try #require(throws: FormatError.self) { try SMPFile(data: raw, name: "big.smp") }
        #expect(error.field == "NrOfMaps")
        #expect(SMPHeader.largestSize(head: try MapFixtures.data("faces_v5.smp"))! < 1 << 20)
        raw[0] = 9
        #expect(throws: FormatError.self) { try SMPFile(data: raw, name: "v9.smp") }
    }

    @Test func inspectListsMapsWithTypesThresholdsAndRanges() throws {
        let url = MapFixtures.root.appendingPathComponent("faces_v5.smp")
        let text = try FormatRegistry.inspect(url, json: false)
        #expect(text.hasPrefix("SMP version 5: 2 maps of 64 vertices (mesh lh_pial.srf)"))
        #expect(text.contains("map 1 \"Faces > Houses\": t, threshold 2.5…8.0, df 40, 0, cluster size 25 (on)"))
        let json = try JSONValue.parse(Data(FormatRegistry.inspect(url, json: true).utf8))
        guard case .array(let maps)? = json["maps"] else { Issue.record("no maps array"); return }
        let e = try MapFixtures.expected("faces_v5.smp").dicts("values")[1]
        #expect(maps[1]["max"]?.number.map(Float.init) == e.float("max"))
        #expect(maps[1]["type"] == .string("cross-correlation"))
    }

    @Test func filesWrittenHereReadIdenticallyInBvbabel() throws {
        guard let python = MapFixtures.bvbabelPython() else { return }  // needs bvbabel (pip install bvbabel)
        let dir = try Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [(URL, SMPFile)] = []
        for version in SMPFile.supportedVersions {
            var maps = [SMPMap(name: RawString("t map v\(version)"), thresholdMin: 2, thresholdMax: 6,
                               values: MapValues((0..<50).map { Float($0) / 7 - 3 }))]
            var lagMap = SMPMap(type: MapType(code: 3), name: "lags", thresholdMin: 0.2, thresholdMax: 0.9,
                                values: MapValues((0..<50).map { Float($0 % 9) - 4.5 }))
            lagMap.lags = version >= 3 ? CrossCorrelationLags(count: 9, minimum: -4, maximum: 4, shown: 2) : nil
            maps.append(lagMap)
            maps[0].degreesOfFreedom1 = Int32(version) * 10
            let smp = SMPFile(version: version, vertexCount: 50, srfFileName: "rh.srf", maps: maps)
            let url = dir.appendingPathComponent("v\(version).smp")
            try AtomicFile.write(smp.encoded(), to: url)
            files.append((url, smp))
        }
        let described = try MapFixtures.bvbabelDescription(python, files.map(\.0))
        for (url, smp) in files {
            expectFile(smp, described[url.path] as! [String: Any], url.lastPathComponent + " in bvbabel")
        }
    }
}
