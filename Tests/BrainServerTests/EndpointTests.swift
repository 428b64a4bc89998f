import BrainAtlas
import BrainFormats
import BrainImage
@testable import BrainRender
@testable import BrainSlice
import Foundation
import Testing
@testable import BrainServer

/// Every endpoint of a running server, checked against the library functions the CLI
/// commands call, so the API and the CLI give the same answers.
@Suite(.serialized) struct EndpointTests {
    let library: AtlasLibrary

    init() throws { library = try AtlasLibrary(root: URL(fileURLWithPath: TestServer.dataPath)) }

    @Test func webViewerIsServedAndNothingElse() async throws {
        let server = try await TestServer.shared.value
        let page = try await server.get("/")
        #expect(page.status == 200)
        #expect(page.contentType.hasPrefix("text/html"))
        #expect(String(decoding: page.body, as: UTF8.self).contains("<title>Brain Tutor</title>"))
        let script = try await server.get("/brain-image.js")
        #expect(script.status == 200 && script.contentType.hasPrefix("text/javascript"))
        #expect(String(decoding: script.body, as: UTF8.self).contains("/api/pick"))
        #expect(try await server.get("/style.css").status == 200)
        // Every module is preloaded by the page (but those it imports on demand) and kept by the
        // service worker, from one list.
        let html = String(decoding: page.body, as: UTF8.self)
        let worker = String(decoding: try await server.get("/sw.js").body, as: UTF8.self)
        #expect(!html.contains("@MODULES@") && !worker.contains("@SHELL@") && !worker.contains("@BUILD@"))
        for name in WebAssets.files.map(\.name) where name.hasSuffix(".js") && name != "sw.js" {
            #expect(html.contains("<link rel=\"modulepreload\" href=\"/\(name)\">") == !WebAssets.onDemand.contains(name), "\(name)")
            #expect(worker.contains("\"/\(name)\""), "\(name)")
        }
        // The manifest's icons are served.
        let manifest = try #require(try JSONSerialization.jsonObject(with: try await server.get("/manifest.webmanifest").body) as? [String: Any])
        let icons = try #require(manifest["icons"] as? [[String: Any]])
        #expect(icons.count >= 2)
        for icon in icons { #expect(try await server.get(try #require(icon["src"] as? String)).status == 200) }
        for path in ["/Package.swift", "/AtlasData/catalog.json", "/%2e%2e/Package.swift", "/Web/../Package.swift"] {
            let reply = try await server.get(path)
            #expect(reply.status == 404, "\(path)")
            #expect(reply.errorMessage != nil, "\(path)")
        }
    }

    @Test func healthz() async throws {
        let reply = try await TestServer.shared.value.get("/healthz")
        #expect(reply.status == 200)
        let body = try #require(reply.json as? [String: Any])
        #expect(body["status"] as? String == "ok")
        #expect(body["atlases"] as? Int == library.atlases.count)
    }

    @Test func atlasesRegionsInfoAndWhereEqualTheLibrary() async throws {
        let server = try await TestServer.shared.value
        let atlases = try await server.get("/api/atlases")
        #expect(atlases.status == 200)
        #expect(sameJSON(atlases.body, try BrainJSON.encode(library.atlasSummaries())))
        let names = (atlases.json as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == library.catalog.atlases.map(\.name))

        let regions = try await server.get("/api/regions?atlas=gyri&hemi=right")
        #expect(regions.status == 200)
        #expect(sameJSON(regions.body, try BrainJSON.encode(library.regions(atlas: "gyri", hemisphere: "right"))))
        #expect((regions.json as? [[String: Any]])?.allSatisfy { $0["hemisphere"] as? String == "right" } == true)

        let info = try await server.get("/api/info?q=precentarl")
        #expect(info.status == 200)
        #expect(sameJSON(info.body, try BrainJSON.encode(RegionInfo.lookUp("precentarl", in: library))))
        let region = try #require((info.json as? [String: Any])?["region"] as? [String: Any])
        #expect(region["sourceLabel"] as? String == "precentral")
        #expect(region["hemisphere"] as? String == "left")

        let broca = try await server.get("/api/info?q=Broca&atlas=functional")
        #expect(broca.status == 200)
        #expect(((broca.json as? [String: Any])?["region"] as? [String: Any])?["sourceLabel"] as? String == "broca")

        let whereReply = try await server.get("/api/where?x=-38&y=-10&z=50")
        #expect(whereReply.status == 200)
        #expect(sameJSON(whereReply.body, try BrainJSON.encode(Lookup(library: library).lookup(SIMD3(-38, -10, 50), space: .mni))))
        let tal = try await server.get("/api/where?x=-38&y=-10&z=50&space=tal")
        #expect(sameJSON(tal.body, try BrainJSON.encode(Lookup(library: library).lookup(SIMD3(-38, -10, 50), space: .tal))))
        let around = try await server.get("/api/where?x=-38&y=-10&z=50&radius=5")
        #expect(sameJSON(around.body, try BrainJSON.encode(Lookup(library: library).lookup(SIMD3(-38, -10, 50), space: .mni, radius: 5))))
        #expect((around.json as? [String: Any])?["within"] is [String: Any])
    }

    @Test func renderAndRenderJSONEqualTheRenderCommand() async throws {
        let server = try await TestServer.shared.value
        let png = try await server.get("/api/render?atlas=gyri&view=lateral&hemi=left&w=320&h=240&shading=flat")
        #expect(png.status == 200 && png.contentType == "image/png")
        let image = try PNGDecoder.decode([UInt8](png.body))
        #expect(image.width == 320 && image.height == 240)

        let request = try SceneRequest(["size": "320x240", "shading": "flat"])
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("server-test-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let report = try #require(try RenderJobs.render(request, data: TestServer.dataPath, out: out,
                                                        compression: .fast, report: true))
        // The same scene drawn by the CLI's function gives the same pixels.
        #expect(try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))).pixels == image.pixels)

        let json = try await server.get("/api/render.json?atlas=gyri&view=lateral&hemi=left&w=320&h=240&shading=flat")
        #expect(json.status == 200)
        let api = try #require(json.json as? [String: Any])
        let cli = try #require(try JSONSerialization.jsonObject(with: BrainJSON.encode(report)) as? [String: Any])
        #expect(NSArray(array: api["regions"] as? [Any] ?? []).isEqual(to: cli["regions"] as? [Any] ?? [1]))
        #expect((api["regions"] as? [Any])?.isEmpty == false)
        #expect(api["size"] as? [Int] == [320, 240])
        #expect(api["hemi"] as? String == "left")
        #expect(api["view"] as? String == "lateral")
    }

    @Test func picksEqualThePickCommand() async throws {
        let server = try await TestServer.shared.value
        let scene = "atlas=gyri&view=lateral&w=400&h=300"
        let json = try await server.get("/api/render.json?\(scene)")
        let regions = try #require((json.json as? [String: Any])?["regions"] as? [[String: Any]])
        let request = try SceneRequest(["size": "400x300"])
        var checked = 0
        for entry in regions.prefix(6) {
            let centroid = try #require(entry["bbox"] as? [Int])
            // Probe the bbox centre and its neighbourhood; compare API and CLI at every probe.
            let x = (centroid[0] + centroid[2]) / 2
            let y = (centroid[1] + centroid[3]) / 2
            let reply = try await server.get("/api/pick?\(scene)&x=\(x)&y=\(y)")
            #expect(reply.status == 200)
            let cli = try RenderJobs.pick(request, data: TestServer.dataPath, x: x, y: y)
            #expect(sameJSON(reply.body, try BrainJSON.encode(cli)), "pick \(x),\(y)")
            if let region = (reply.json as? [String: Any])?["region"] as? [String: Any] {
                #expect(region["atlas"] as? String == "gyri")
                #expect(region["text"] is String)
                checked += 1
            }
        }
        #expect(checked >= 3)
        let off = try await server.get("/api/pick?\(scene)&x=0&y=0")
        #expect(off.status == 200)
        #expect((off.json as? [String: Any])?["region"] is NSNull)
    }

    @Test func sliceEqualsTheSliceCommand() async throws {
        let server = try await TestServer.shared.value
        let a = try await server.get("/api/slice?plane=axial&index=100&atlas=gyri&highlight=precentral")
        #expect(a.status == 200 && a.contentType == "image/png")
        var request = try SliceRequest(plane: .axial, position: .index(100))
        request = try request.with(["atlas": "gyri", "highlight": "precentral"])
        let cli = try Slicer(library: library).render(request)
        #expect([UInt8](a.body) == cli.png(compression: SliceResult.wireCompression))
        let b = try await server.get("/api/slice?plane=axial&index=110&atlas=gyri")
        #expect(b.status == 200 && b.body != a.body)
        let mm = try await server.get("/api/slice?plane=sagittal&mni=-40")
        #expect(mm.status == 200)
        // crop, caption and legend read as the CLI's --crop, --caption and --legend.
        let text = try await server.get("/api/slice?plane=coronal&mni=-20&crop=none&caption=off&legend=1")
        var same = try SliceRequest(plane: .coronal, position: .millimetres(-20))
        same = try same.with(["crop": "none", "caption": "off", "legend": "on"])
        let png = try Slicer(library: library).render(same).png(compression: SliceResult.wireCompression)
        #expect(text.status == 200 && [UInt8](text.body) == png)
        let bad = try await server.get("/api/slice?plane=coronal&mni=-20&crop=face")
        #expect(bad.status == 400)
    }
}
