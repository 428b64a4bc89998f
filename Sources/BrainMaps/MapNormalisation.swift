import Foundation
import BrainFormats

/// How a native or AC-PC VMP reaches MNI: the VMR its maps lie on and the subject's TRF files, applied in order.
public struct MapNormalisation: Sendable {
    /// The maps' VMR grid (nil: implied by the VMP's VMR dimensions).
    public let vmr: VolumeFrame?
    public let vmrDims: SIMD3<Int32>?
    public let vmrName: String?
    public let chain: TRFChain?

    public init(vmr: VolumeFrame? = nil, vmrDims: SIMD3<Int32>? = nil, vmrName: String? = nil, chain: TRFChain? = nil) {
        self.vmr = vmr
        self.vmrDims = vmrDims
        self.vmrName = vmrName
        self.chain = chain
    }

    /// Reads the VMR's header fields and the TRF files (`--vmr`, `--trf`); nil when neither is given.
    public static func load(vmr: String?, trfs: [String]) throws -> MapNormalisation? {
        guard vmr != nil || !trfs.isEmpty else { return nil }
        var frame: VolumeFrame?
        var dims: SIMD3<Int32>?
        if let vmr {
            let url = URL(fileURLWithPath: vmr)
            guard let file = try FormatRegistry.read(url) as? VMRFile else {
                throw MapsError("--vmr: \(url.lastPathComponent) is not a VMR")
            }
            frame = file.frame
            dims = SIMD3(Int32(file.dims.x), Int32(file.dims.y), Int32(file.dims.z))
        }
        let chain = trfs.isEmpty ? nil : try TRFChain(trfs.map { path in
            let url = URL(fileURLWithPath: path)
            return (url.lastPathComponent, try TRFFile.read(from: url))
        })
        return MapNormalisation(vmr: frame, vmrDims: dims, vmrName: vmr.map { URL(fileURLWithPath: $0).lastPathComponent }, chain: chain)
    }

    /// A VMP's voxel → RAS millimetres affine (rows of 4) and the space it lands in.
    public static func place(_ vmp: VMPFile, fileName: String, normalisation: MapNormalisation?, purpose: String) throws
        -> (affine: [[Double]], space: ReferenceSpace) {
        if let dims = normalisation?.vmrDims, dims != vmp.vmrDims {
            throw MapsError("--vmr: \(normalisation?.vmrName ?? "the VMR") is \(dims.x) × \(dims.y) × \(dims.z) voxels but \(fileName)'s maps lie on a "
                            + "\(vmp.vmrDims.x) × \(vmp.vmrDims.y) × \(vmp.vmrDims.z) VMR")
        }
        return try vmp.placement(vmr: normalisation?.vmr, chain: normalisation?.chain, fileName: fileName, purpose: purpose)
    }
}
