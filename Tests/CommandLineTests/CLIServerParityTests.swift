import Foundation
import Logging
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import BrainServer
import BrainAtlas

/// The same bad values through `braintutor` and through the HTTP API: the library checks them
/// once, so both refuse them with the same words, each front end spelling the field its way.
@Suite struct CLIServerParityTests {
    /// CLI arguments, the same request as an API path, the field as each spells it, and the
    /// problem both must state after the field.
    static let cases: [(cli: [String], api: String, cliField: String, apiField: String, problem: String)] = [
        (["render", "--elevation", "1e308"], "/api/render?elevation=1e308", "--elevation", "elevation",
         "'1e308' is not a finite angle within ±90°"),
        (["render", "--azimuth", "400"], "/api/render?azimuth=400", "--azimuth", "azimuth",
         "'400' is not a finite angle within ±360°"),
        (["render", "--size", "5000x10"], "/api/render?w=5000&h=10", "--size", "w/h", sideProblem(5000, given: "5000x10")),
        (["render", "--size", "640x4097"], "/api/render?w=640&h=4097", "--size", "w/h", sideProblem(4097, given: "640x4097")),
        (["pick", "1", "1", "--size", "0x10"], "/api/pick?w=0&h=10&x=1&y=1", "--size", "w/h", sideProblem(0, given: "0x10")),
        (["render", "--view", "sideways"], "/api/render?view=sideways", "--view", "view",
         "'sideways' is not one of lateral, medial, superior, inferior, anterior, posterior"),
        (["render", "--shading", "toon"], "/api/render?shading=toon", "--shading", "shading", "'toon' is not one of lit, flat"),
        (["render", "--highlight", String(repeating: "x", count: 300)], "/api/render?highlight=" + String(repeating: "x", count: 300),
         "--highlight", "highlight", "'\(String(repeating: "x", count: 30))…\(String(repeating: "x", count: 15)) (300 characters)' is longer than 200 characters"),
        (["slice", "--plane", "oblique", "--index", "3"], "/api/slice?plane=oblique&index=3", "--plane", "plane",
         "'oblique' is not axial, coronal or sagittal"),
        (["slice", "--plane", "axial", "--index", "100", "--opacity", "7"], "/api/slice?plane=axial&index=100&opacity=7",
         "--opacity", "opacity", "'7' is not within 0…1"),
        (["slice", "--plane", "axial", "--index", "100", "--scale", "50"], "/api/slice?plane=axial&index=100&scale=50",
         "--scale", "scale", sideProblem(10150, given: "50")),
        (["slice", "--plane", "axial"], "/api/slice?plane=axial", "--index, --mni or --at", "index, mni or at",
         "give exactly one of them to choose the plane"),
        (["slice", "--plane", "axial", "--at", "1,2"], "/api/slice?plane=axial&at=1,2", "--at", "at", "'1,2' is not X,Y,Z (three numbers)"),
        (["slice", "--plane", "axial", "--mni", "10", "--pick", "0,0"], "/api/slice/pick?plane=axial&mni=10&x=0&y=0",
         "--pick", "x/y", "'0,0' is in the band around the slice, which covers x 4…612, y 10…705"),
        (["slice", "--plane", "axial", "--mni", "10", "--legend", "--pick", "5000,1"], "/api/slice/pick?plane=axial&mni=10&legend&x=5000&y=1",
         "--pick", "x/y", "'5000,1' has 5000, outside 0…4095"),
        (["slice", "--plane", "axial", "--mni", "10", "--pick", "1,zz"], "/api/slice/pick?plane=axial&mni=10&x=1&y=zz",
         "--pick", "x/y", "'1,zz' is not X,Y (two numbers)"),
        (["regions", "--atlas", "gyri", "--hemi", "middle"], "/api/regions?atlas=gyri&hemi=middle", "--hemi", "hemi",
         "'middle' is not left, right, both or none (or lh, rh)"),
        (["info", String(repeating: "y", count: 250)], "/api/info?q=" + String(repeating: "y", count: 250), "query", "q",
         "'\(String(repeating: "y", count: 30))…\(String(repeating: "y", count: 15)) (250 characters)' is longer than 200 characters"),
        (["where", "1.5", "2", "3", "--space", "voxel"], "/api/where?x=1.5&y=2&z=3&space=voxel", "X Y Z", "x/y/z",
         "'1.5, 2, 3' is not a voxel: indices must be whole numbers"),
    ]

    /// The problem the one image-side rule (`RequestLimits.checkImageSide`) states. Every front
    /// end's over-size case above expects exactly these words, so a render, pick or slice path
    /// that checked a side its own way (or not at all) fails here.
    static func sideProblem(_ side: Int, given: String) -> String {
        do {
            try RequestLimits.checkImageSide(side, field: "f", given: given)
            return "(\(side) passed the rule)"
        } catch {
            return String(error.message { $0 }.dropFirst("f: ".count))
        }
    }

    static let server = Task { try await start() }

    /// An in-process server on the repository's atlases (and `maps`, as `serve --map`); its port once it listens.
    static func start(maps: [String: String] = [:]) async throws -> Int {
        var options = ServerOptions()
        options.port = 0
        options.workers = 1
        options.dataDirectory = CLIRun.dataPath
        options.maps = maps
        var logger = Logger(label: "braintutor.parity")
        logger.logLevel = .warning
        let server = try BrainTutorServer(options: options, logger: logger)
        let (ports, sink) = AsyncStream<Int>.makeStream()
        Task { try await server.run { sink.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        return await iterator.next() ?? 0
    }

    /// A GET that waits as long as the whole run may take: with every suite in parallel on two
    /// cores, a first slice can take longer than URLSession's 60 s default, and a hung server
    /// still fails the run at the test command's bound.
    static func request(_ url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.timeoutInterval = 2400
        return request
    }

    static func apiError(_ path: String) async throws -> (Int, String?) {
        let port = try await server.value
        let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
        let (data, response) = try await URLSession.shared.data(for: Self.request(url))
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, json?["error"] as? String)
    }

    @Test(arguments: 0..<cases.count) func bothFrontEndsRefuseAlike(_ index: Int) async throws {
        let c = Self.cases[index]
        let cli = try CLIRun.run(c.cli)
        let (status, api) = try await Self.apiError(c.api)
        #expect(cli.status == 1 && status == 400, "\(c.cli): exit \(cli.status); \(c.api): \(status)")
        let cliMessage = try #require(cli.errorMessage, "\(c.cli): \(cli.stderr)")
        let apiMessage = try #require(api, "\(c.api) gave no error")
        #expect(cliMessage.hasPrefix(c.cliField + ": ") && apiMessage.hasPrefix(c.apiField + ": "), "\(cliMessage) | \(apiMessage)")
        #expect(cliMessage.dropFirst(c.cliField.count + 2) == c.problem, "\(cliMessage)")
        #expect(apiMessage.dropFirst(c.apiField.count + 2) == c.problem, "\(apiMessage)")
    }

    /// `slice --pick --json` and `/api/slice/pick` give the same answer for the same slice and pixel.
    @Test(arguments: [
        ("--plane axial --mni 10 --atlas gyri --pick 140,300", "plane=axial&mni=10&atlas=gyri&x=140&y=300"),
        ("--plane coronal --at -40,-20,50 --legend --radiological --pick 420,140", "plane=coronal&at=-40,-20,50&legend&radiological&x=420&y=140"),
        ("--plane sagittal --mni -30 --atlas subcortical --crop none --scale 3 --pick 400,410",
         "plane=sagittal&mni=-30&atlas=subcortical&crop=none&scale=3&x=400&y=410"),
    ]) func slicePickAnswersAlike(_ cli: String, _ query: String) async throws {
        let run = try CLIRun.run(["slice"] + cli.split(separator: " ").map(String.init) + ["--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let port = try await Self.server.value
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/api/slice/pick?\(query)"))
        let (data, response) = try await URLSession.shared.data(for: Self.request(url))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let api = try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
        let local = try #require(run.json.map { $0 as NSDictionary })
        #expect(api == local, "\(cli): \(local) | \(api)")
        #expect(api["region"] is NSDictionary, "\(cli): no region under the pixel; choose one inside a region")
    }

    /// Rules naming a second field: each front end spells both.
    @Test func rulesNamingTwoFieldsSpellBoth() async throws {
        let hemi = try CLIRun.run(["pick", "5", "6", "--size", "100x100", "--hemi", "both"])
        let (hemiStatus, hemiAPI) = try await Self.apiError("/api/pick?x=5&y=6&w=100&h=100&hemi=both")
        #expect(hemiStatus == 400)
        #expect(hemi.errorMessage == "--hemi: 'both' cannot be used with --view lateral, which shows one hemisphere; use left or right")
        #expect(hemiAPI == "hemi: 'both' cannot be used with view lateral, which shows one hemisphere; use left or right")
        let cli = try CLIRun.run(["render", "--dim-others"])
        let (status, api) = try await Self.apiError("/api/render?dimOthers=true")
        #expect(status == 400)
        #expect(cli.errorMessage == "--dim-others: needs --highlight REGION (it tints the regions other than the highlighted one)")
        #expect(api == "dimOthers: needs highlight REGION (it tints the regions other than the highlighted one)")
    }
}
