import Foundation
import BrainFormats

/// How a native or AC-PC VMP reaches MNI: the VMR its maps lie on and the subject's TRF files, applied in order.
public struct MapNormalisation: Sendable {
    /// The maps' VMR grid (nil: implied by the VMP's VMR dimensions).
    public let vmr: VolumeFrame?
    public let vmrDims: SIMD3<Int32>?
    public let vmrName: String?
    public let chain: TRFChain?
    /// The subject's Talairach landmarks (`.tal`), warping the AC-PC space the chain ends in; nil: none.
    public var talairach: (name: String, landmarks: TalairachLandmarks)?

    public init(vmr: VolumeFrame? = nil, vmrDims: SIMD3<Int32>? = nil, vmrName: String? = nil, chain: TRFChain? = nil,
                talairach: (name: String, landmarks: TalairachLandmarks)? = nil) {
        self.talairach = talairach
        self.vmr = vmr
        self.vmrDims = vmrDims
        self.vmrName = vmrName
        self.chain = chain
    }

    /// Reads the VMR's header fields, the TRF files and the Talairach file (`--vmr`, `--trf`, `--tal`); nil when none is given.
    public static func load(vmr: String?, trfs: [String], tal: String? = nil) throws -> MapNormalisation? {
        guard vmr != nil || !trfs.isEmpty || tal != nil else { return nil }
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
        let talairach = try tal.map { path in
            let url = URL(fileURLWithPath: path)
            guard url.pathExtension.lowercased() == "tal" else { throw MapsError("--tal: \(url.lastPathComponent) is not a BrainVoyager .tal file") }
            return (url.lastPathComponent, try TalairachLandmarks.read(from: url))
        }
        return MapNormalisation(vmr: frame, vmrDims: dims, vmrName: vmr.map { URL(fileURLWithPath: $0).lastPathComponent }, chain: chain,
                                talairach: talairach)
    }

    /// A VMP's voxel → RAS millimetres affine (rows of 4) and the space it lands in.
    public static func place(_ vmp: VMPFile, fileName: String, normalisation: MapNormalisation?, purpose: String) throws
        -> (affine: [[Double]], space: ReferenceSpace) {
        try normalisation?.checkGrid(of: vmp, fileName: fileName)
        return try vmp.placement(vmr: normalisation?.vmr, chain: normalisation?.chain, fileName: fileName, purpose: purpose)
    }

    /// A VMP's voxel → AC-PC RAS millimetres affine, for the `.tal` warp `normalisation` holds to follow.
    static func acpcPlacement(_ vmp: VMPFile, fileName: String, normalisation: MapNormalisation) throws -> [[Double]] {
        try normalisation.checkGrid(of: vmp, fileName: fileName)
        return try vmp.acpcPlacement(vmr: normalisation.vmr, chain: normalisation.chain, fileName: fileName, talName: normalisation.talairach?.name ?? "")
    }

    /// Refuses a `--vmr` whose dimensions differ from those the VMP records.
    func checkGrid(of vmp: VMPFile, fileName: String) throws {
        if let dims = vmrDims, dims != vmp.vmrDims {
            throw MapsError("--vmr: \(vmrName ?? "the VMR") is \(dims.x) × \(dims.y) × \(dims.z) voxels but \(fileName)'s maps lie on a "
                            + "\(vmp.vmrDims.x) × \(vmp.vmrDims.y) × \(vmp.vmrDims.z) VMR")
        }
    }
}
