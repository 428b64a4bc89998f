import Foundation
import Testing
@testable import AtlasBuild
import BrainFormats

/// The cortex SRFs carry fsaverage6 sulc as MeshColor greys (docs/file-formats.md §4.3): the same
/// values on pial and inflated, light on gyri, dark in sulci, exact up to quantisation.
@Suite struct CurvatureBuildTests {
    static let step = 1 / Float(CurvatureGreys.span)

    /// Checks an SRF's greys against the sulc they were made from; returns the correlation.
    static func checkGreys(_ srf: SRFFile, sulc: [Float], file: String) throws -> Double {
        #expect(srf.vertexCount == sulc.count, "\(file)")
        let decoded = try #require(CurvatureGreys.convexities(srf.colors), "\(file): MeshColor is not curvature greys")
        var worst: Float = 0
        for (d, s) in zip(decoded, sulc) {
            worst = max(worst, abs(d - SurfaceCurvature.convexity(sulc: s)))
        }
        #expect(worst <= step / 2 + 1e-6, "\(file): decoded convexity off by \(worst)")
        // Light gyri: convexity falls as sulc rises, so the correlation with sulc is close to −1.
        let r = correlation(decoded.map(Double.init), sulc.map(Double.init))
        #expect(r < -0.99, "\(file): correlation with sulc \(r)")
        return r
    }

    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let n = Double(a.count), ma = a.reduce(0, +) / n, mb = b.reduce(0, +) / n
        var sab = 0.0, saa = 0.0, sbb = 0.0
        for (x, y) in zip(a, b) { sab += (x - ma) * (y - mb); saa += (x - ma) * (x - ma); sbb += (y - mb) * (y - mb) }
        return sab / (saa * sbb).squareRoot()
    }

    @Test func fixtureBuildShadesPialAndInflatedAlike() throws {
        let (out, _) = try AtlasBuildFixture.shared.get()
        for hemi in ["lh", "rh"] {
            let sulc = try FreeSurferCurvature(contentsOf: AtlasBuildFixture.sources
                .appendingPathComponent("fsaverage6/surf/\(hemi).sulc")).values
            let pial = try SRFFile.read(from: out.appendingPathComponent("meshes/\(hemi).pial.srf"))
            let inflated = try SRFFile.read(from: out.appendingPathComponent("meshes/\(hemi).inflated.srf"))
            _ = try Self.checkGreys(pial, sulc: sulc, file: "\(hemi).pial.srf")
            #expect(inflated.colors == pial.colors, "\(hemi): pial and inflated greys differ")
        }
    }

    /// The full build's meshes against the full-resolution source sulc (needs AtlasData built by
    /// a build-atlas that writes curvature greys).
    @Test func atlasDataPialGreysAreTheSourceSulc() throws {
        let sulc = try FreeSurferCurvature(contentsOf: AtlasBuildFixture.testsRoot
            .appendingPathComponent("Fixtures/importers/lh.sulc.gz")).values
        let meshes = AtlasBuildFixture.atlasData.appendingPathComponent("meshes")
        let pial = try SRFFile.read(from: meshes.appendingPathComponent("lh.pial.srf"))
        _ = try Self.checkGreys(pial, sulc: sulc, file: "AtlasData lh.pial.srf")
        #expect(try SRFFile.read(from: meshes.appendingPathComponent("lh.inflated.srf")).colors == pial.colors)
        // The grey range is used: deep fundi reach the darkest grey, crowns the lightest.
        let greys = pial.colors.map { Int($0 & 0xFF) }
        #expect(greys.min() == CurvatureGreys.middle - CurvatureGreys.span)
        #expect(greys.max() == CurvatureGreys.middle + CurvatureGreys.span)
    }

    @Test func sulcFileWithTheWrongVertexCountIsNamed() throws {
        let src = FileManager.default.temporaryDirectory.appendingPathComponent("curv-src-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: src) }
        try FileManager.default.copyItem(at: AtlasBuildFixture.sources, to: src)
        let lh = src.appendingPathComponent("fsaverage6/surf/lh.sulc")
        var short = try FreeSurferCurvature(contentsOf: lh)
        short.values.removeLast()
        try Data(short.encoded()).write(to: lh)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("curv-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        #expect { try AtlasBuilder.build(AtlasBuildOptions(sources: src, output: out, recipe: AtlasBuildFixture.recipe), progress: nil) }
            throws: { "\($0)".contains("lh.sulc") && "\($0)".contains("vertex count") }
    }
}
