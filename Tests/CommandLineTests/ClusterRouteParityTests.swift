import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import BrainServer
import BrainAtlas
import BrainMaps

/// `/api/clusters/{name}` and `braintutor clusters`: one field table, so the same options give the same JSON and
/// the same bad values the same words, the field spelled as a query key over HTTP (every case of
/// `MapFieldParityTests.refusals` is sent to a running server).
@Suite struct ClusterRouteParityTests {
    static let server = Task { try await CLIServerParityTests.start(maps: ["blob": MapFieldParityTests.map]) }

    /// The status and JSON of `/api/clusters/<name>` with `query` (key → text, percent-encoded here).
    static func get(_ name: String, _ query: [String: String]) async throws -> (status: Int, json: NSDictionary?) {
        let port = try await server.value
        var parts = try #require(URLComponents(string: "http://127.0.0.1:\(port)/api/clusters/\(name)"))
        parts.queryItems = query.keys.sorted().map { URLQueryItem(name: $0, value: query[$0]) }
        let url = try #require(parts.url)
        let (data, response) = try await URLSession.shared.data(for: CLIServerParityTests.request(url))
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, (try? JSONSerialization.jsonObject(with: data)) as? NSDictionary)
    }

    /// The blob map (peak 8 at (−40, −20, 50)) through both front ends: a value threshold, and one with Talairach
    /// coordinates, chosen atlases, both signs, a smallest size and face neighbours.
    @Test(arguments: [
        ["--threshold", "4"],
        ["--threshold", "2", "--two-sided", "--space", "tal", "--atlases", "gyri,lobes", "--min-size", "8", "--connectivity", "6"],
    ]) func aQueryAnswersAsTheCommand(_ arguments: [String]) async throws {
        let run = try CLIRun.run(["clusters", MapFieldParityTests.map] + arguments + ["--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let local = try #require(run.json.map { $0 as NSDictionary })
        let (status, api) = try await Self.get("blob", try MapFieldParityTests.query(arguments))
        #expect(status == 200, "\(arguments): \(api ?? [:])")
        #expect(api == local, "\(arguments)")
        let clusters = try #require(local["clusters"] as? [NSDictionary])
        #expect(!clusters.isEmpty && clusters[0]["sizeMm3"] as? Double ?? 0 > 0, "the blob forms a cluster: \(local)")
    }

    @Test(arguments: 0..<MapFieldParityTests.refusals.count) func badValuesAreRefusedInTheQuerysWords(_ index: Int) async throws {
        let c = MapFieldParityTests.refusals[index]
        let field = try #require(MapFieldParityTests.table.field(key: c.field))
        guard let key = field.query else {
            // A file path is never a query key: the server refuses the key itself.
            let (status, api) = try await Self.get("blob", [c.field: "x.vmr"])
            #expect(status == 400 && (api?["error"] as? String)?.hasPrefix("unknown parameter '\(c.field)'") == true, "\(api ?? [:])")
            return
        }
        let (status, api) = try await Self.get("blob", try MapFieldParityTests.query(c.arguments))
        #expect(status == 400, "\(c.arguments): \(api ?? [:])")
        #expect(api?["error"] as? String == "\(key): " + MapFieldParityTests.spelled(c.problem, QueryWording.spell), "\(c.arguments)")
    }

    /// A rule that needs the map itself (a p-value on a map of no stated statistic) is refused alike too.
    @Test func aRefusalFromTheMapIsWordedAlike() async throws {
        let run = try CLIRun.run(["clusters", MapFieldParityTests.map, "--p", "0.001"])
        let (status, api) = try await Self.get("blob", ["p": "0.001"])
        let message = "blob_mni_2mm.nii.gz holds values of no stated statistic; p-values need a t, z, F or r map"
        #expect(run.status == 1 && run.errorMessage == "--p: " + message, "\(run.stderr)")
        #expect(status == 400 && api?["error"] as? String == "p: " + message, "\(api ?? [:])")
    }

    @Test func aMapTheServerDoesNotHoldIsNotFound() async throws {
        let (status, api) = try await Self.get("faces", ["threshold": "3"])
        #expect(status == 404 && api?["error"] as? String == "no map 'faces'; maps: blob", "\(api ?? [:])")
        // The options are checked first: a bad value is named even for a map the server lacks.
        let (bad, reply) = try await Self.get("faces", ["threshold": "0"])
        #expect(bad == 400 && (reply?["error"] as? String)?.hasPrefix("threshold: '0' must be > 0") == true, "\(reply ?? [:])")
    }
}
