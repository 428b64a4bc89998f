import BrainAtlas
import Testing
@testable import AtlasBuild

@Test func dichromacySimulationKeepsGreysAndMergesConfusedColours() {
    for vision in ColourVisionSimulation.allCases {
        // Each published matrix's rows sum to 1: greys look the same to everyone.
        for grey in [RGB(0, 0, 0), RGB(128, 128, 128), RGB(255, 255, 255)] {
            #expect(vision.simulate(grey).distance(CIELab(grey)) < 1.5, "\(vision) \(grey)")
        }
    }
    let red = RGB(200, 40, 40), green = RGB(70, 140, 40)
    let normal = CIELab(red).distance(CIELab(green))
    // Red and green fall together for protans and deutans, not for tritans.
    #expect(ColourVisionSimulation.deutan.simulate(red).distance(ColourVisionSimulation.deutan.simulate(green)) < normal / 3)
    #expect(ColourVisionSimulation.protan.simulate(red).distance(ColourVisionSimulation.protan.simulate(green)) < normal / 3)
    #expect(ColourVisionSimulation.tritan.simulate(red).distance(ColourVisionSimulation.tritan.simulate(green)) > normal / 2)
}
