import Foundation
import Testing
@testable import BrainFormats

@Suite struct VMPFileTests {
    @Test(arguments: MapFixtures.vmps)
    func readsWhatBvbabelReads(_ name: String) throws {
        let e = try MapFixtures.expected(name)
        let vmp = try VMPFile(data: MapFixtures.data(name), name: name)
        #expect(Int(vmp.version) == e.int("VersionNumber") && Int(vmp.documentType) == e.int("DocumentType"))
        #expect(vmp.maps.count == e.int("NrOfSubMaps") && Int(vmp.timePointCount) == e.int("NrOfTimePoints"))
        #expect(vmp.componentParameters.count == e.int("NrOfComponentParams"))
        #expect([vmp.start.x, vmp.end.x, vmp.start.y, vmp.end.y, vmp.start.z, vmp.end.z].map(Int.init)
                == ["XStart", "XEnd", "YStart", "YEnd", "ZStart", "ZEnd"].map { e.int($0) })
        #expect(Int(vmp.resolution) == e.int("Resolution"))
        #expect([vmp.vmrDims.x, vmp.vmrDims.y, vmp.vmrDims.z].map(Int.init) == ["DimX", "DimY", "DimZ"].map { e.int($0) })
        #expect(vmp.vtcFileName.string == e.string("NameOfVTCFile") && vmp.protocolFileName.string == e.string("NameOfProtocolFile"))
        #expect(vmp.voiFileName.string == e.string("NameOfVOIFile"))
        for (m, (map, x)) in zip(vmp.maps, e.dicts("Map")).enumerated() {
            expectMap(map, x, "\(name) map \(m + 1)")
            MapFixtures.expectValues(vmp.mapValues(m), e.dicts("values")[m], "\(name) map \(m + 1)")
        }
        if vmp.timePointCount > 0 {
            let courses = (e["ComponentTimeCourseValues"] as! [[NSNumber]]).map { $0.map(\.floatValue) }
            #expect(vmp.timeCourses == courses)
        }
        for (p, x) in zip(vmp.componentParameters, (e["ComponentTimeCourseParams"] as? [[String: Any]]) ?? []) {
            #expect(p.name.string == x.string("Name") && p.values == x.doubles("Values").map(Float.init))
        }
    }

    private func expectMap(_ map: VMPMap, _ x: [String: Any], _ label: String) {
        #expect(Int(map.type.code) == x.int("TypeOfMap"), "\(label)")
        #expect(map.threshold == x.float("MapThreshold") && map.upperThreshold == x.float("UpperThreshold"), "\(label)")
        #expect(map.name.string == x.string("MapName") && map.lutFileName.string == x.string("LUTFileName"), "\(label)")
        #expect(MapFixtures.rgb(map.positiveMinColor) == x.ints("RGB positive min")
                && MapFixtures.rgb(map.positiveMaxColor) == x.ints("RGB positive max")
                && MapFixtures.rgb(map.negativeMinColor) == x.ints("RGB negative min")
                && MapFixtures.rgb(map.negativeMaxColor) == x.ints("RGB negative max"), "\(label)")
        #expect(Int(map.useVMPColor) == x.int("UseVMPColor") && map.transparentColorFactor == x.float("TransparentColorFactor"))
        if let lags = map.lags {
            #expect([lags.count, lags.minimum, lags.maximum, lags.shown].map(Int.init)
                    == ["NrOfLags", "DisplayMinLag", "DisplayMaxLag", "ShowCorrelationOrLag"].map { x.int($0) }, "\(label)")
        } else {
            #expect(x["NrOfLags"] == nil, "\(label)")
        }
        #expect(Int(map.clusterSizeThreshold) == x.int("ClusterSizeThreshold")
                && Int(map.enableClusterSizeThreshold) == x.int("EnableClusterSizeThreshold"), "\(label)")
        #expect(Int(map.showValuesAboveUpperThreshold) == x.int("ShowValuesAboveUpperThreshold"), "\(label)")
        #expect(Int(map.degreesOfFreedom1) == x.int("DF1") && Int(map.degreesOfFreedom2) == x.int("DF2"), "\(label)")
        #expect(Int(map.showPositiveNegative) == x.int("ShowPosNegValues") && Int(map.usedVoxels) == x.int("NrOfUsedVoxels"), "\(label)")
        let fdr = (x["FDRTableInfo"] as! [[NSNumber]]).map { SIMD3($0[0].floatValue, $0[1].floatValue, $0[2].floatValue) }
        #expect(map.fdrTable == fdr && fdr.count == x.int("SizeOfFDRTable") && Int(map.useFDRTableIndex) == x.int("UseFDRTableIndex"), "\(label)")
    }

    @Test(arguments: MapFixtures.vmps)
    func roundTripsByteForByte(_ name: String) throws {
        let raw = try MapFixtures.data(name)
        #expect(try VMPFile(data: raw, name: name).encoded() == raw)
    }

    @Test func everyTruncationIsRefusedWithAFieldName() throws {
        let raw = try MapFixtures.data("ica_v6.vmp")
        for length in 0..<raw.count {
            #expect(throws: FormatError.self) { try VMPFile(data: raw.prefix(length), name: "cut.vmp") }
        }
    }

    @Test func aHugeMapCountIsRefusedBeforeAllocating() throws {
        var raw = try MapFixtures.data("two_maps_v6.vmp")
        raw.replaceSubrange(8..<12, with: [0, 0, 0, 0x40])  // NrOfSubMaps = 2^30
        let error = try #require(throws: FormatError.self) { try VMPFile(data: raw, name: "big.vmp") }
        #expect(error.field == "NrOfSubMaps")
        #expect(VMPHeader.largestSize(head: raw)! > 1 << 40)
        #expect(VMPHeader.largestSize(head: try MapFixtures.data("two_maps_v6.vmp"))! < 2 << 20)
    }

    @Test func otherVersionsAndMagicAreRefused() throws {
        var raw = try MapFixtures.data("lag_map_v6.vmp")
        raw[4] = 5
        #expect((try? VMPFile(data: raw, name: "v5.vmp")) == nil)
        let error = try #require(throws: FormatError.self) { try VMPFile(data: raw, name: "v5.vmp") }
        #expect(error.field == "VersionNumber")
        raw[0] = 0
        #expect(throws: FormatError.self) { try VMPFile(data: raw, name: "nomagic.vmp") }
    }

    @Test func aBuiltFileReadsBackAndIsRecognisedByItsMagic() throws {
        var map = VMPMap(name: "synthetic t", threshold: 3, upperThreshold: 9)
        map.degreesOfFreedom1 = 30
        let values = (0..<(4 * 3 * 2 * 2)).map { Float($0) - 20 }
        let vmp = VMPFile(maps: [map, VMPMap(type: MapType(code: 4), name: "F", threshold: 1, upperThreshold: 2)],
                          start: SIMD3(10, 20, 30), end: SIMD3(18, 26, 34), resolution: 2, values: MapValues(values))
        #expect(vmp.dims == SIMD3(4, 3, 2))
        let back = try VMPFile(data: vmp.encoded(), name: "built.vmp")
        #expect(back == vmp)
        #expect(back.mapValues(1).floats == Array(values[24...]))
        let dir = try Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("maps.dat.gz")
        try AtomicFile.write(vmp.encoded(), to: url)
        let doc = try FormatRegistry.read(url)
        #expect(doc.formatName == "vmp")
        #expect(try FormatRegistry.inspect(url, json: false).contains("map 1 \"synthetic t\": t, threshold 3.0…9.0, df 30, 0"))
    }

    @Test func filesWrittenHereReadIdenticallyInBvbabel() throws {
        guard let python = MapFixtures.bvbabelPython() else { return }  // needs bvbabel (pip install bvbabel)
        let dir = try Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var urls: [URL] = []
        for name in MapFixtures.vmps {
            var vmp = try VMPFile(data: MapFixtures.data(name), name: name)
            vmp.maps[0].name = "written by BrainTutor"
            vmp.maps[0].threshold = 2.25
            let url = dir.appendingPathComponent(name)
            try AtomicFile.write(vmp.encoded(), to: url)
            urls.append(url)
        }
        let described = try MapFixtures.bvbabelDescription(python, urls)
        for (name, url) in zip(MapFixtures.vmps, urls) {
            let e = described[url.path] as! [String: Any]
            let vmp = try VMPFile(data: Data(contentsOf: url), name: name)
            #expect(e.dicts("Map")[0].string("MapName") == "written by BrainTutor" && e.dicts("Map")[0].double("MapThreshold") == 2.25)
            for (m, x) in e.dicts("Map").enumerated() {
                expectMap(vmp.maps[m], x, "\(name) map \(m + 1) in bvbabel")
                MapFixtures.expectValues(vmp.mapValues(m), e.dicts("values")[m], "\(name) map \(m + 1) in bvbabel")
            }
        }
    }
}
