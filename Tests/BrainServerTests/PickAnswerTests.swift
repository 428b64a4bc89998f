import BrainFormats
import BrainRender
import Foundation
import Testing
@testable import BrainServer

/// `/api/pick` answers from a memo of parsed scene queries and writes its JSON from memoised region
/// objects: both must give exactly what the full parse and `BrainJSON` give.
@Suite struct PickAnswerTests {
    /// Every 29th pixel of scenes with regions, the background, a medial wall, a legend, and an
    /// overlay's values (the one member only some answers have): the same bytes, first and again.
    @Test(arguments: ["atlas=gyri&view=lateral&hemi=left", "atlas=lobes&view=medial&hemi=right&surface=inflated",
                      "atlas=brodmann&view=superior&hemi=both&legend=true", "atlas=none&view=lateral&hemi=left&overlay=blob"])
    func answersAreBrainJSONBytes(_ query: String) async throws {
        let server = try await TestServer.shared.value
        let engine = server.engine
        let blob = TestServer.repository.appendingPathComponent("Tests/Fixtures/maps/blob_mni_2mm.nii.gz").path
        var given = try QueryParameters(rawQuery: query.replacingOccurrences(of: "&overlay=blob", with: "") + "&w=400&h=300")
            .given(SceneRequest.fields)
        if query.contains("overlay") { given["overlay"] = blob }
        let request = try SceneRequest(given)
        let writer = PickAnswerJSON()
        var kinds = Set<String>()
        for pass in 0..<2 {
            for y in stride(from: 0, to: request.height, by: 29) {
                for x in stride(from: 0, to: request.width, by: 29) {
                    let pixel = try Pixel(x: x, y: y, width: request.width, height: request.height)
                    let report = try await engine.renderer.pick(request, pixel: pixel)
                    let fast = try writer.encode(report), whole = try BrainJSON.string(report)
                    #expect(fast == whole, "pass \(pass), pixel \(x), \(y)")
                    kinds.insert(report.region == nil ? (report.mni == nil ? "off" : "surface") : "region")
                    if case .some(.some) = report.value { kinds.insert("value") }
                }
            }
        }
        #expect(kinds.contains("off") && kinds.contains(query.contains("overlay") ? "value" : "region"), "\(kinds)")
    }

    @Test func theSplitTakesOnlyPlainCoordinates() {
        let plain = PickQuerySplit("w=300&x=12&h=200&y=-7")
        #expect(plain?.scene == "w=300&h=200" && plain?.x == 12 && plain?.y == -7)
        #expect(PickQuerySplit("&&x=0&&y=0&atlas=gyri&")?.scene == "atlas=gyri")
        for query in ["x=1", "y=1", "x=1&y=2&x=3", "x=%31&y=2", "x=+1&y=2", "x=&y=2", "x=1.5&y=2", "x=1234567890&y=2",
                      "x=-&y=2", "x&y=2"] {
            #expect(PickQuerySplit(query) == nil, "\(query)")
        }
        // Pairs that only start with x or y belong to the scene.
        #expect(PickQuerySplit("xy=1&x=1&y=2&yaw=3")?.scene == "xy=1&yaw=3")
    }

    /// Once a scene is in the memo, every query on it gives what the full parse gives: the same
    /// request and pixel, or the same error.
    @Test func memoisedScenesAnswerAsTheFullParse() async throws {
        let server = try await TestServer.shared.value
        let endpoint = PickEndpoint(engine: server.engine)
        let scene = "atlas=gyri&view=lateral&hemi=left&w=320&h=240"
        _ = try endpoint.request(scene + "&x=10&y=10")
        #expect(endpoint.memoised == 1)
        for pixel in ["x=0&y=0", "x=319&y=239", "x=007&y=5", "x=-0&y=3", "x=320&y=5", "x=5&y=240", "x=-1&y=5",
                      "x=abc&y=5", "x=5", "x=%35&y=5", "x=5&x=6&y=1", "x=+5&y=5", "x=&y=5", "x=99999999999&y=1",
                      "x=5&y=5&nope=1", "x=5&y=5&w=0", "x=5&y=5&%78=1"] {
            let query = scene + "&" + pixel
            let fast = Result { try endpoint.request(query) }, full = Result { try PickEndpoint.parse(query, engine: server.engine) }
            switch (fast, full) {
            case (.success(let a), .success(let b)): #expect(a.0 == b.0 && a.1 == b.1, "\(pixel)")
            case (.failure(let a), .failure(let b)): #expect(String(describing: a) == String(describing: b), "\(pixel): \(a)")
            default: Issue.record("\(pixel): \(fast) against \(full)")
            }
        }
        // Only queries that parsed were kept: the one scene, and the one with its size changed by w=0 was refused.
        #expect(endpoint.memoised == 1)
    }
}
