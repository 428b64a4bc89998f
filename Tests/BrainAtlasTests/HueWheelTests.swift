import Testing
@testable import BrainAtlas

@Suite struct HueWheelTests {
    @Test func primariesAndSecondariesSitOnTheirHues() {
        let expected: [(Double, (Double, Double, Double))] = [
            (0, (1, 0, 0)), (60, (1, 1, 0)), (120, (0, 1, 0)), (180, (0, 1, 1)), (240, (0, 0, 1)), (300, (1, 0, 1)),
        ]
        for (hue, rgb) in expected {
            let c = HueWheel.components(hue)
            #expect(c.r == rgb.0 && c.g == rgb.1 && c.b == rgb.2, "hue \(hue): \(c)")
        }
    }

    @Test func betweenHuesMixAndWrap() {
        let orange = HueWheel.components(30)
        #expect(orange.r == 1 && orange.g == 0.5 && orange.b == 0)
        let wrapped = HueWheel.components(390), negative = HueWheel.components(-330)
        #expect(wrapped == orange && negative == orange)
        // Every hue keeps one channel at full value and one at zero: fully saturated.
        for step in 0..<72 {
            let c = HueWheel.components(Double(step) * 5 + 2.5)
            #expect(max(c.r, c.g, c.b) == 1 && min(c.r, c.g, c.b) == 0)
        }
    }
}
