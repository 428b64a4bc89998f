import Foundation
import Testing
@testable import BrainAtlas
import BrainFormats

@Suite struct RegionJSONTests {
    let region = Region(id: 3, name: "Thalamus", sourceLabel: "thalamusproper", hemisphere: .right,
                        atlas: "subcortical", color: RGB(0, 118, 14), lobe: nil)

    @Test func regionObjectHasExactlyTheContractKeys() throws {
        let object = try Fixture.jsonObject(try BrainJSON.encode(region))
        #expect(Set(object.keys) == ["id", "name", "sourceLabel", "hemisphere", "atlas", "color", "lobe", "lobes"])
        #expect(object["lobe"] is NSNull)
        #expect(object["color"] as? [Int] == [0, 118, 14])
        #expect(object["hemisphere"] as? String == "right")
        #expect(try BrainJSON.string(region) ==
            #"{"atlas":"subcortical","color":[0,118,14],"hemisphere":"right","id":3,"lobe":null,"lobes":[],"name":"Thalamus","sourceLabel":"thalamusproper"}"#)
    }

    /// A network spans lobes (`lobe` null); a single-lobe region lists its lobe; a caveat appears only when set.
    @Test func lobesAndCaveatFields() throws {
        let network = Region(id: 7, name: "Default mode network", sourceLabel: "7Networks_7", hemisphere: .left,
                             atlas: "networks", color: RGB(205, 62, 78), lobe: nil, lobes: ["frontal", "parietal"])
        let n = try Fixture.jsonObject(try BrainJSON.encode(network))
        #expect(n["lobe"] is NSNull && n["lobes"] as? [String] == ["frontal", "parietal"] && n["caveat"] == nil)
        #expect(try JSONDecoder().decode(Region.self, from: try BrainJSON.encode(network)) == network)
        let ba = Region(id: 35, name: "Brodmann area 41", sourceLabel: "Brodmann.41", hemisphere: .left, atlas: "brodmann",
                        color: RGB(1, 2, 3), lobe: "temporal", caveat: "displaced")
        let b = try Fixture.jsonObject(try BrainJSON.encode(ba))
        #expect(b["lobes"] as? [String] == ["temporal"] && b["caveat"] as? String == "displaced")
        #expect(try JSONDecoder().decode(Region.self, from: try BrainJSON.encode(ba)) == ba)
    }

    @Test func regionRoundTrips() throws {
        let decoded = try JSONDecoder().decode(Region.self, from: try BrainJSON.encode(region))
        #expect(decoded == region)
    }

    struct Pixels: Encodable, Sendable { let pixels: Int }

    @Test func extraFieldsSitBesideTheRegionFields() throws {
        let object = try Fixture.jsonObject(try BrainJSON.encode(RegionWith(region, Pixels(pixels: 42))))
        #expect(object["pixels"] as? Int == 42)
        #expect(object["sourceLabel"] as? String == "thalamusproper")
        #expect(object.count == 9)
    }

    @Test func catalogEntriesDoNotLeakStatisticsIntoTheRegionObject() throws {
        let library = try Fixture.library()
        let object = try Fixture.jsonObject(try BrainJSON.encode(library.atlases[0].regions[0]))
        #expect(object["voxelCount"] == nil && object["centroidMni"] == nil)
        #expect(object["atlas"] as? String == "gyri")
        #expect(object["lobe"] as? String == "frontal")
    }

    @Test func badColorIsRejected() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RGB.self, from: Data("[1,2]".utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RGB.self, from: Data("[1,2,300]".utf8)) }
    }
}
