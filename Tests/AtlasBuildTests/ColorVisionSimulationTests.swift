import BrainAtlas
import Testing
@testable import AtlasBuild

@Test func dichromacySimulationKeepsGreysAndMergesConfusedColors() {
    for vision in ColorVisionSimulation.allCases {
        // Each published matrix's rows sum to 1: greys look the same to everyone.
        for grey in [RGB(0, 0, 0), RGB(128, 128, 128), RGB(255, 255, 255)] {
            #expect(vision.simulate(grey).distance(CIELab(grey)) < 1.5, "\(vision) \(grey)")
        }
    }
    let red = RGB(200, 40, 40), green = RGB(70, 140, 40)
    let normal = CIELab(red).distance(CIELab(green))
    // Red and green fall together for protans and deutans, not for tritans.
    #expect(ColorVisionSimulation.deutan.simulate(red).distance(ColorVisionSimulation.deutan.simulate(green)) < normal / 3)
    #expect(ColorVisionSimulation.protan.simulate(red).distance(ColorVisionSimulation.protan.simulate(green)) < normal / 3)
    #expect(ColorVisionSimulation.tritan.simulate(red).distance(ColorVisionSimulation.tritan.simulate(green)) > normal / 2)
}
