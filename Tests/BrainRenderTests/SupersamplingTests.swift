import BrainAtlas
import Testing
@testable import BrainRender

@Suite struct SupersamplingTests {
    @Test func downsamplingAveragesEachBlock() {
        // 4 × 2 pixels → 2 × 1: left block 0,100,200,255 (mean 138.75 → 139), right block all 10.
        var rgba = [UInt8](repeating: 0, count: 32)
        let left: [UInt8] = [0, 100, 200, 255]
        for (k, (x, y)) in [(0, 0), (1, 0), (0, 1), (1, 1)].enumerated() {
            for c in 0..<4 { rgba[(y * 4 + x) * 4 + c] = left[k] }
        }
        for (x, y) in [(2, 0), (3, 0), (2, 1), (3, 1)] { for c in 0..<4 { rgba[(y * 4 + x) * 4 + c] = 10 } }
        let small = RenderedImage(width: 4, height: 2, rgba: rgba).downsampled(by: 2)
        #expect(small.width == 2 && small.height == 1)
        #expect(small.rgba == [139, 139, 139, 139, 10, 10, 10, 10])
    }

    /// The shift (2 × 2, 4 × 4) and the division (3 × 3) agree with the mean rounded to nearest,
    /// written out, on every channel of a pseudo-random image.
    @Test(arguments: [2, 3, 4])
    func downsamplingIsTheRoundedMean(_ factor: Int) {
        let width = 24, height = 12
        var state: UInt32 = 12345
        let rgba = (0..<(width * height * 4)).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        let image = RenderedImage(width: width, height: height, rgba: rgba).downsampled(by: factor)
        let w = width / factor, h = height / factor, n = factor * factor
        var expected: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<4 {
                    var sum = 0
                    for sy in 0..<factor { for sx in 0..<factor { sum += Int(rgba[((y * factor + sy) * width + x * factor + sx) * 4 + c]) } }
                    expected.append(UInt8((sum + n / 2) / n))
                }
            }
        }
        #expect(image.width == w && image.height == h)
        #expect(image.rgba == expected)
    }

    @Test func onlyLitRendersAreSupersampled() throws {
        #expect(Supersampling.effectiveFactor(2, shading: .flat, width: 100, height: 100) == 1)
        #expect(Supersampling.effectiveFactor(2, shading: .lit, width: 1024, height: 768) == 2)
        #expect(Supersampling.effectiveFactor(2, shading: .lit, width: 4000, height: 300) == 1)
        #expect(try Supersampling.factor(option: "off") == 1)
        #expect(throws: FieldError("aa", value: "2", "is neither on nor off")) { try Supersampling.factor(option: "2") }
        #expect(try SceneRequest(["aa": "off"]).antialias == 1)
    }

    @Test func supersampledSilhouettesBlendWithTheBackground() throws {
        let scene = try Scene(layers: try SyntheticBrain.layers([true]),
                              direction: .named(.lateral, hemisphereIsLeft: true), width: 200, height: 150)
        let context = try GLContext(width: 200, height: 150)
        let plain = try context.renderImage(scene, shading: .lit)
        let smooth = try context.renderImage(try scene.scaled(by: 2), shading: .lit).downsampled(by: 2)
        #expect(smooth.width == 200 && smooth.height == 150)
        // Pixels the plain render leaves white but the smooth one tints: partly covered edge pixels.
        var partial = 0, background = 0
        for i in stride(from: 0, to: plain.rgba.count, by: 4) where plain.rgba[i] == 255 && plain.rgba[i + 1] == 255 && plain.rgba[i + 2] == 255 {
            background += 1
            if smooth.rgba[i] < 255 || smooth.rgba[i + 1] < 255 || smooth.rgba[i + 2] < 255 { partial += 1 }
        }
        #expect(partial > 50 && partial < background / 10, "\(partial) of \(background)")
        // The pick pass is unchanged: same ids at the plain size.
        #expect(try context.renderPickImage(scene).width == 200)
    }
}
