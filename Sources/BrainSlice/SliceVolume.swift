import BrainAtlas
import BrainFormats
import Foundation

/// The 8-bit volume a slice is cut from: the bundled template or a user's VMR, memory-mapped.
public struct SliceVolume: Sendable {
    public let vmr: VMRFile
    /// File name for messages.
    public let name: String
    /// MNI, Talairach, or a native/unknown space (no atlas overlay then).
    public let space: ReferenceSpace

    public init(vmr: VMRFile, name: String, space: ReferenceSpace) {
        self.vmr = vmr
        self.name = name
        self.space = space
    }

    /// Reads a VMR (uncompressed files stay memory-mapped).
    public static func read(path: String) throws -> SliceVolume {
        let url = URL(fileURLWithPath: path)
        let vmr: VMRFile
        do { vmr = try VMRFile.read(from: url) } catch let error as FormatError {
            throw error
        } catch {
            throw SliceError.unreadable(url.lastPathComponent, "cannot read VMR: \(error.localizedDescription)")
        }
        return SliceVolume(vmr: vmr, name: url.lastPathComponent,
                           space: vmr.inferredReferenceSpace(fileName: url.lastPathComponent))
    }

    /// The bundled MNI template of `library`.
    public static func template(of library: AtlasLibrary) throws -> SliceVolume {
        let url = try library.url(library.catalog.template)
        var volume = try read(path: url.path)
        if volume.space == .unknown { volume = SliceVolume(vmr: volume.vmr, name: volume.name, space: .mni) }
        return volume
    }

    public var dims: SIMD3<Int> { vmr.dims }
    public var frame: VolumeFrame { vmr.frame }

    /// True for the canonical 256³ 1 mm frame, where BV index ↔ MNI is the fixed formula.
    public var isCanonical: Bool {
        dims == SIMD3(repeating: 256) && frame == .canonical
    }

    /// Nearest voxel of a point in this volume's own stereotaxic mm (halves away from zero).
    public func voxel(ofMillimetres p: SIMD3<Double>) -> SIMD3<Int>? {
        guard [p.x, p.y, p.z].allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else { return nil }
        if isCanonical {
            // Round in mm first, as every command does on the template (CONVENTIONS.md).
            guard let v = CanonicalFrame.voxel(ofMNI: p) else { return nil }
            return SIMD3(v.x, v.y, v.z)
        }
        return frame.nearestVoxel(ras: p)
    }

    /// This volume's stereotaxic mm of a point given in MNI or Talairach mm.
    public func ownMillimetres(_ p: SIMD3<Double>, from given: ReferenceSpace) -> SIMD3<Double> {
        switch (given, space) {
        case (.talairach, .mni): Talairach.mni(fromTalairach: p)
        case (.mni, .talairach): Talairach.talairach(fromMNI: p)
        default: p
        }
    }

    /// MNI mm of a voxel of this volume (Talairach volumes go through Lancaster's inverse).
    public func mniMillimetres(ofVoxel v: SIMD3<Int>) -> SIMD3<Double> {
        let own = frame.ras(voxel: SIMD3<Double>(v))
        return space == .talairach ? Talairach.mni(fromTalairach: own) : own
    }

    func contains(_ v: SIMD3<Int>) -> Bool {
        v.x >= 0 && v.y >= 0 && v.z >= 0 && v.x < dims.x && v.y < dims.y && v.z < dims.z
    }
}
