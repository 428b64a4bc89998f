import Foundation
import Testing
@testable import BrainAtlas
import BrainFormats

@Suite struct RegionJSONTests {
    let region = Region(id: 3, name: "Thalamus", sourceLabel: "thalamusproper", hemisphere: .right,
                        atlas: "subcortical", color: RGB(0, 118, 14), lobe: nil)

    @Test func regionObjectHasExactlyTheContractKeys() throws {
        let object = try Fixture.jsonObject(try BrainJSON.encode(region))
        #expect(Set(object.keys) == ["id", "name", "sourceLabel", "hemisphere", "atlas", "color", "lobe"])
        #expect(object["lobe"] is NSNull)
        #expect(object["color"] as? [Int] == [0, 118, 14])
        #expect(object["hemisphere"] as? String == "right")
        #expect(try BrainJSON.string(region) ==
            #"{"atlas":"subcortical","color":[0,118,14],"hemisphere":"right","id":3,"lobe":null,"name":"Thalamus","sourceLabel":"thalamusproper"}"#)
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
        #expect(object.count == 8)
    }

    @Test func catalogEntriesDoNotLeakStatisticsIntoTheRegionObject() throws {
        let library = try Fixture.library()
        let object = try Fixture.jsonObject(try BrainJSON.encode(library.atlases[0].regions[0]))
        #expect(object["voxelCount"] == nil && object["centroidMni"] == nil)
        #expect(object["atlas"] as? String == "gyri")
        #expect(object["lobe"] as? String == "frontal")
    }

    @Test func badColourIsRejected() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RGB.self, from: Data("[1,2]".utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RGB.self, from: Data("[1,2,300]".utf8)) }
    }
}
