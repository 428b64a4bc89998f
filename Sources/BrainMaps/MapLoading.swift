import Foundation
import BrainFormats

extension MapVolume {
    /// Reads map `map` (1-based number or name; nil = the first) of a VMP, or volume `map` of a NIfTI image,
    /// refusing maps whose space atlas look-ups cannot use.
    /// A native or AC-PC VMP needs `normalisation` (its VMR and TRF files) to reach MNI.
    public static func load(_ url: URL, map: String? = nil, normalisation: MapNormalisation? = nil) throws -> MapVolume {
        let name = url.lastPathComponent
        if MapFileKind.isSurfaceMap(url.path) {
            throw MapsError("\(name): a surface map holds one value per vertex of a mesh, not a volume; this needs a .vmp or .nii/.nii.gz "
                            + "(surface clusters: braintutor clusters \(name) --mesh pial-left|…|FILE.srf)")
        }
        // A NIfTI header says the grid's size, space and affine: each is checked before a voxel is inflated.
        if try FormatRegistry.readHeader(url).format.name == FileFormat.nifti.name {
            let header = try NIfTIHeader.read(url)
            _ = try niftiSpace(sformCode: header.sformCode, qformCode: header.qformCode, source: header.affineSource, file: name)
            try MapGridCheck.check(dims: header.dims, affine: header.affine, file: name)
        }
        let document = try FormatRegistry.read(url)
        switch document {
        case let vmp as VMPFile:
            let tal = normalisation?.talairach
            var (affine, space) = try tal == nil ? MapNormalisation.place(vmp, fileName: name, normalisation: normalisation, purpose: "an atlas look-up")
                                                 : (MapNormalisation.acpcPlacement(vmp, fileName: name, normalisation: normalisation!), .unknown)
            try MapGridCheck.check(dims: [vmp.dims.x, vmp.dims.y, vmp.dims.z], affine: affine, file: name)
            let m = try choose(map, count: vmp.maps.count, names: vmp.maps.map(\.name.string), file: name)
            var d = vmp.dims
            let header = vmp.maps[m]
            let stored = vmp.mapValues(m).floats
            // A cross-correlation map's values pack a lag and r: the map's values are r, the lags kept beside them.
            var decoded = header.type.isCrossCorrelation ? stored.map(CrossCorrelationLags.decode) : nil
            var values = decoded?.map(\.r) ?? stored
            if let tal {
                let warped = try TalairachResampling.resample(values: values, dims: d, acpcAffine: affine, landmarks: tal.landmarks, name: name)
                (values, d, affine, space) = (warped.values, warped.dims, warped.affine, .talairach)
                // Lags are whole numbers that do not interpolate; a warped map keeps its correlations only.
                decoded = nil
            }
            // A stored lower threshold of 0 (as converted NIfTI maps have) would colour every voxel:
            // the NIfTI rule (a third of the upper end) stands in for it.
            let upper = header.upperThreshold > 0 ? header.upperThreshold : MapDisplay.defaults(values: values, statistic: nil).upper
            let display = MapDisplay(threshold: header.threshold > 0 ? header.threshold : upper * MapDisplay.defaultThresholdFraction, upper: upper,
                                     signs: header.showPositiveNegative == 2 ? .negative : header.showPositiveNegative == 1 ? .positive : .both,
                                     clusterMinMm3: header.enableClusterSizeThreshold != 0 ? Double(header.clusterSizeThreshold) * Self.volume(of: affine) : 0,
                                     statistic: decoded == nil ? header.type.name : "r")
            var volume = MapVolume(name: header.name.string, values: values, dims: d,
                                   affine: Array(affine.prefix(3)), space: space, storedThreshold: header.threshold,
                                   display: display)
            volume.degreesOfFreedom = [Double(header.degreesOfFreedom1), Double(header.degreesOfFreedom2)]
            volume.fdrTable = header.fdrTable
            volume.lags = decoded?.map(\.lag)
            volume.template = MapTemplate.find(in: [("file name", name), ("map name", header.name.string)])
            return volume
        case let image as NIfTIFile:
            if normalisation != nil { throw MapsError("--vmr/--trf: apply to native BrainVoyager maps (.vmp); \(name) is a NIfTI image") }
            let space = try niftiSpace(image)
            let volumes = image.dims.dropFirst(3).reduce(1, *)
            let m = try choose(map, count: volumes, names: [], file: name)
            let values = image.floatValues(volume: m)
            let statistic: String? = switch image.intent.code { case 2: "r"; case 3: "t"; case 4: "F"; case 5: "z"; default: nil }
            var volume = MapVolume(name: volumes > 1 ? "\(name) volume \(m + 1)" : name, values: values,
                                   dims: SIMD3(image.dims[0], image.dims[1], image.dims[2]),
                                   affine: Array(image.affine.prefix(3)), space: space,
                                   display: .defaults(values: values, statistic: statistic))
            volume.degreesOfFreedom = [Double(image.intent.p1), Double(image.intent.p2)].map { $0.isFinite ? $0 : 0 }
            let description = image.headerBytes.count >= 228 ? String(decoding: image.headerBytes[148..<228].prefix { $0 != 0 }, as: UTF8.self) : ""
            volume.template = MapTemplate.find(in: [("file name", name), ("NIfTI description", description)])
            return volume
        case is SMPFile:
            throw MapsError("\(name): an SMP map holds one value per vertex of a mesh, not a volume; this needs a .vmp or .nii/.nii.gz "
                            + "(surface clusters: braintutor clusters \(name) --mesh pial-left|…|FILE.srf)")
        default:
            throw MapsError("\(name): a \(document.formatName) file is not a statistical map (give a .vmp or .nii/.nii.gz)")
        }
    }

    /// mm³ of one voxel of a rows-of-4 affine (its determinant).
    static func volume(of a: [[Double]]) -> Double {
        abs(a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
            + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]))
    }

    /// NIfTI codes: 3 Talairach, 2/4/5 aligned to a template (SPM writes 2 for normalised images, FSL 4);
    /// an image whose only frame is the scanner's (1) or none (0) is in the subject's own space.
    static func niftiSpace(_ image: NIfTIFile) throws -> ReferenceSpace {
        try niftiSpace(sformCode: image.sformCode, qformCode: image.qformCode, source: image.affineSource, file: image.fileName)
    }

    static func niftiSpace(sformCode: Int, qformCode: Int, source: NIfTIFile.AffineSource, file: String) throws -> ReferenceSpace {
        let code = source == .sform ? sformCode : source == .qform ? qformCode : 0
        guard let space = NIfTIFile.stereotaxicSpace(code: code) else {
            throw MapsError("\(file): its affine is in \(code == 1 ? "scanner" : "unknown") space (\(source.rawValue) code \(code)), "
                            + "not MNI or Talairach; atlas look-ups need a map normalised to a template (sform/qform code 2, 3, 4 or 5)")
        }
        return space
    }

    /// 0-based map index from a 1-based number or a name.
    static func choose(_ map: String?, count: Int, names: [String], file: String) throws -> Int {
        guard count > 0 else { throw MapsError("\(file): holds no maps") }
        guard let map else { return 0 }
        if let n = Int(map) {
            guard (1...count).contains(n) else { throw MapsError("--map: \(n) is not a map of \(file) (1…\(count))") }
            return n - 1
        }
        if let i = names.firstIndex(of: map) { return i }
        throw MapsError("--map: no map named \"\(map)\" in \(file)" + (names.isEmpty ? "" : " (maps: \(names.joined(separator: ", ")))"))
    }
}
