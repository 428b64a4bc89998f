import BrainAtlas

/// How a colour looks to someone with a full dichromacy, by the model of Machado, Oliveira and
/// Fernandes (2009, severity 1): a 3 × 3 matrix on linear sRGB, clamped to the gamut. Used to
/// measure whether bordering regions stay apart under colour-vision deficiency.
enum ColorVisionSimulation: String, CaseIterable, Codable, Sendable {
    case protan, deutan, tritan

    /// Rows of the matrix (published values, severity 1.0).
    var matrix: [[Double]] {
        switch self {
        case .protan: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
        case .deutan: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
        case .tritan: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]
        }
    }

    /// The colour as simulated, in L*a*b*.
    func simulate(_ c: RGB) -> CIELab {
        let linear = [c.r, c.g, c.b].map { CIELab.linear($0) }
        let m = matrix
        let out = m.map { row in min(1, max(0, row[0] * linear[0] + row[1] * linear[1] + row[2] * linear[2])) }
        return CIELab(linearRed: out[0], green: out[1], blue: out[2])
    }
}
