import Foundation
import BrainFormats

/// The caption under a slice: the plane and where it lies, "Coronal · y = −20 mm (MNI)" — the
/// plane's RAS axis and its coordinate in the volume's own space, or the voxel index of a
/// native-space scan (its mm are a scanner frame's, not a reader's).
enum SliceCaption {
    static func text(plane: SlicePlane, index: Int, millimetres: Double, space: ReferenceSpace) -> String {
        let name = plane.rawValue.prefix(1).uppercased() + plane.rawValue.dropFirst()
        let axis = ["x", "y", "z"][plane.rasAxis]
        switch space {
        case .mni: return "\(name) · \(axis) = \(number(millimetres)) mm (MNI)"
        case .talairach: return "\(name) · \(axis) = \(number(millimetres)) mm (Talairach)"
        default: return "\(name) · slice \(index) (\(space) space)"
        }
    }

    /// "−20", "12.5": a true minus sign, at most two decimals, no trailing zeros.
    static func number(_ v: Double) -> String {
        let hundredths = Int((abs(v) * 100).rounded())
        var digits = String(hundredths / 100)
        let fraction = hundredths % 100
        if fraction != 0 {
            digits += "." + (fraction % 10 == 0 ? String(fraction / 10) : String(format: "%02d", fraction))
        }
        return (v < 0 && hundredths != 0 ? "−" : "") + digits
    }
}
