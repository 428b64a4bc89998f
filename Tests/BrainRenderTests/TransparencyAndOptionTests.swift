import BrainAtlas
import BrainImage
import Foundation
import Testing
@testable import BrainRender

/// See-through layers on a transparent background, option errors and shader lookup, on
/// synthetic meshes and the cube fixture (no AtlasData needed).
@Suite(.serialized) struct TransparencyAndOptionTests {
    /// A synthetic left hemisphere inside a see-through shell twice its size.
    static func shellScene(background: Background) throws -> Scene {
        let brain = try SyntheticBrain.layers([true])[0]
        let (mesh, _) = SyntheticBrain.hemisphere(isLeft: true)
        let centre = SIMD3<Float>(-36, -15, 12)
        let shell = RenderMesh(positions: mesh.positions.map { centre + ($0 - centre) * 2 }, normals: mesh.normals,
                               triangles: mesh.triangles)
        let shellGeometry = try SurfaceGeometry(mesh: shell, vertexLabels: [UInt32](repeating: 0, count: shell.vertexCount))
        let layer = Scene.Layer(geometry: shellGeometry, colors: [AtlasScene.headColor], opacity: AtlasScene.headOpacity)
        return try Scene(layers: [brain, layer], direction: .named(.lateral, hemisphereIsLeft: true),
                         width: 200, height: 150, background: background)
    }

    @Test func seeThroughLayerOnTransparentBackgroundHasItsOwnAlphaAndColor() throws {
        let context = try GLContext(width: 200, height: 150)
        let scene = try Self.shellScene(background: .transparent)
        let drawn = try context.renderImage(scene, shading: .flat)
        let png = try PNGDecoder.decode(drawn.png(transparent: true))
        let index = try context.renderPickImage(scene)
        let head = AtlasScene.headColor
        let alpha = Int((AtlasScene.headOpacity * 255).rounded())   // 77
        var shellOnly = 0, brainBehind = 0, empty = 0
        for y in 0..<150 {
            for x in 0..<200 {
                let p = png[x, y]
                if try index.id(x: x, y: y) != 0 {
                    // The brain is opaque: covered by the shell it stays fully opaque.
                    #expect(p.a == 255, "brain pixel (\(x), \(y)) alpha \(p.a)")
                    brainBehind += 1
                } else if p.a == 0 {
                    empty += 1
                } else {
                    // Only the shell: its own colour (straight alpha) at the layer's opacity.
                    #expect(abs(Int(p.a) - alpha) <= 1, "shell pixel (\(x), \(y)) alpha \(p.a)")
                    #expect(abs(Int(p.r) - Int(head.r)) <= 3 && abs(Int(p.g) - Int(head.g)) <= 3
                            && abs(Int(p.b) - Int(head.b)) <= 3, "shell pixel (\(x), \(y)) colour \(p)")
                    shellOnly += 1
                }
            }
        }
        #expect(shellOnly > 1000 && brainBehind > 1000 && empty > 100)
    }

    @Test func seeThroughLayerOnAColorBlendsOverIt() throws {
        let context = try GLContext(width: 200, height: 150)
        let scene = try Self.shellScene(background: .color(RGB(0, 0, 0)))
        let drawn = try context.renderImage(scene, shading: .flat)
        let index = try context.renderPickImage(scene)
        let head = AtlasScene.headColor
        // A shell-only pixel near the image's left edge centre: 0.3 · head colour over black.
        let x = (0..<200).first { x in (try? index.id(x: x, y: 75)) == 0 && drawn.pixel(x: x, y: 75).r != 0 }!
        let p = drawn.pixel(x: x, y: 75)
        #expect(abs(Int(p.r) - Int((Float(head.r) * 0.3).rounded())) <= 1 && p.a == 255)
    }

    @Test func hiddenRangesAreNotDrawnPickedOrFramed() throws {
        var layer = try SyntheticBrain.layers([true])[0]
        let lateral = Set(layer.geometry.grouping.ranges.indices.filter { layer.geometry.grouping.ranges[$0].label >= 5 })
        let full = try Scene(layers: [layer], direction: .named(.anterior, hemisphereIsLeft: true), width: 200, height: 150)
        layer.hiddenRanges = lateral
        let half = try Scene(layers: [layer], direction: .named(.anterior, hemisphereIsLeft: true), width: 200, height: 150)
        // The lateral half (x < −36) is gone from the framing: the box centre moves medially.
        #expect(layer.framingPositions.allSatisfy { $0.x >= -38.5 })   // border triangles reach one segment over
        #expect(abs(full.camera.center.x + 36) < 0.5 && half.camera.center.x > -30)
        let index = try GLContext(width: 200, height: 150).renderPickImage(half)
        let drawnRanges = Set(index.ids.filter { $0 != 0 }.compactMap { half.pickTarget(id: $0)?.range })
        #expect(!drawnRanges.isEmpty && drawnRanges.isDisjoint(with: lateral))
    }

    @Test func straightAlphaDividesColorByAlpha() {
        let image = RenderedImage(width: 3, height: 1, rgba: [68, 57, 50, 77, 10, 20, 30, 255, 5, 5, 5, 0])
        #expect(image.straightAlpha() == [225, 189, 166, 77, 10, 20, 30, 255, 0, 0, 0, 0])
    }

    @Test func dimOthersWithoutHighlightIsAnError() throws {
        // The request cannot even be made, so no scene or render is ever asked to check it again.
        do {
            _ = try UserMeshTests.request(.anterior, ["dimOthers": "on"])
            Issue.record("expected an error")
        } catch let error as FieldError {
            #expect(error.field == "dimOthers" && error.description.contains("needs highlight"))
        }
        #expect(try UserMeshTests.request(.anterior, ["dimOthers": "on", "highlight": "POI 1"]).dimOthers)
    }

    @Test func unknownPOIRegionNamesTheOption() throws {
        let request = try UserMeshTests.request(.anterior, ["highlight": "zzzz"])
        do {
            _ = try SceneSource.scene(request, data: nil)
            Issue.record("expected an unknown-region error")
        } catch let error as RenderError {
            guard case .unknownRegion(let query, let suggestions) = error else { Issue.record("\(error)"); return }
            #expect(query == "zzzz" && suggestions.contains("POI 1"))
            #expect(error.description.hasPrefix("highlight: 'zzzz' matches no region"))
        }
    }

    @Test func shadersAreLookedForBesideTheExecutableBeforeTheRepository() throws {
        let folders = ShaderSources.candidateFolders(environment: [:],
                                                     executables: [URL(fileURLWithPath: "/opt/bt/bin/braintutor")])
        #expect(Array(folders.prefix(2)) == ["/opt/bt/bin/Shaders", "/opt/bt/share/braintutor/Shaders"])
        #expect(folders.contains("/opt/Shaders"))
        #expect(folders.last?.hasSuffix("/Shaders") == true && folders.last != "/Shaders")
        let withEnv = ShaderSources.candidateFolders(environment: ["BRAINTUTOR_SHADERS": "/x/shaders"],
                                                     executables: [URL(fileURLWithPath: "/opt/bt/bin/braintutor")])
        #expect(withEnv.first == "/x/shaders")

        // An install tree with only <prefix>/share/braintutor/Shaders is found from the binary's folder.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bt-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let share = root.appendingPathComponent("share/braintutor/Shaders")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        for name in ShaderSources.fileNames { try "// \(name)\n".write(to: share.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let installed = ShaderSources.candidateFolders(environment: [:], executables: [root.appendingPathComponent("bin/braintutor")])
        guard case .success(let found) = ShaderSources.find(in: installed) else { Issue.record("not found"); return }
        #expect(found.litVertex == "// lit.vert\n")
        // Nowhere to be found: the error lists every folder it looked in.
        guard case .failure(let error) = ShaderSources.find(in: ["/nonexistent/a", "/nonexistent/b"]) else {
            Issue.record("expected a failure"); return
        }
        #expect(error.description.contains("/nonexistent/a, /nonexistent/b") && error.description.contains("lit.vert"))
    }
}
