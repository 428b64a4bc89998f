import BrainMaps

/// The maximum-intensity projections of a map's clusters onto the three planes (the glass brain),
/// on a grid of 1 mm cells over the MNI box every picture shares (`GlassPlane.box`).
public struct GlassProjection: Sendable {
    /// The sagittal, coronal and axial projections, in that order.
    public let planes: [GlassPlane]

    /// Projects every voxel of `clusters` (numbered from 1 in their order, as the cluster table
    /// numbers them) of `map`. A voxel covers the cells whose centres lie within its extent along
    /// each MNI axis (half-open, so neighbouring voxels tile the cells); a cell keeps the value of
    /// largest magnitude projected onto it and that voxel's cluster.
    public init(map: MapVolume, clusters: [Cluster]) {
        var planes = GlassPlane.View.allCases.map { GlassPlane(view: $0) }
        let a = map.affine
        // Half the voxel's extent along each MNI axis (for an oblique grid, its bounding box's).
        let half = (0..<3).map { r in 0.5 * (abs(a[r][0]) + abs(a[r][1]) + abs(a[r][2])) }
        for (n, cluster) in clusters.enumerated() {
            for index in cluster.voxels {
                let v = map.values[index]
                let p = map.mni(ofIndex: index)
                let spans = (0..<3).map { r in GlassPlane.cells(from: p[r] - half[r], to: p[r] + half[r]) }
                for i in planes.indices {
                    let (h, v2) = planes[i].view.axes
                    for b in spans[v2] {
                        for c in spans[h] { planes[i].keep(value: v, cluster: n + 1, h: c, v: b) }
                    }
                }
            }
        }
        self.planes = planes
    }

    public func plane(_ view: GlassPlane.View) -> GlassPlane { planes[GlassPlane.View.allCases.firstIndex(of: view)!] }
}

/// One projection: per cell (row 0 at the top), the projected value and its cluster.
public struct GlassPlane: Sendable {
    /// Which way the projection looks, and its picture axes.
    public enum View: String, CaseIterable, Sendable {
        case sagittal, coronal, axial

        /// The MNI axes (0 x, 1 y, 2 z) along the picture's width and height.
        var axes: (h: Int, v: Int) {
            switch self {
            case .sagittal: (1, 2)
            case .coronal: (0, 2)
            case .axial: (0, 1)
            }
        }

        /// The letters at the picture's left and right edges: sagittal seen from the left with the
        /// front to the left, as the left lateral view and the sagittal slices show it; coronal and
        /// axial with the left hemisphere on the left (neurological, as nilearn draws them).
        public var sides: (left: String, right: String) {
            switch self {
            case .sagittal: ("A", "P")
            case .coronal, .axial: ("L", "R")
            }
        }

        /// Whether the picture's columns run against the MNI axis (sagittal: anterior, +y, on the left).
        var flipped: Bool { self == .sagittal }
    }

    /// The MNI millimetres the pictures cover along x, y and z (1 mm cells centred on whole mm):
    /// the MNI152 brain's box, so the three pictures keep one scale and line up.
    public static let box: [ClosedRange<Int>] = [-90...90, -126...90, -72...108]

    public let view: View
    public let width: Int
    public let height: Int
    /// Value of largest magnitude per cell, 0 where nothing projects.
    public private(set) var values: [Float]
    /// 1-based cluster number per cell, 0 where nothing projects.
    public private(set) var clusters: [Int]

    init(view: View) {
        self.view = view
        let (h, v) = view.axes
        width = Self.box[h].count
        height = Self.box[v].count
        values = [Float](repeating: 0, count: width * height)
        clusters = [Int](repeating: 0, count: width * height)
    }

    /// The cell (column, row) of an MNI point, nil outside the box.
    public func cell(ofMNI p: SIMD3<Double>) -> (x: Int, y: Int)? {
        let (h, v) = view.axes
        let c = column(ofMillimetre: Int(p[h].rounded())), r = Self.box[v].upperBound - Int(p[v].rounded())
        return c >= 0 && c < width && r >= 0 && r < height ? (c, r) : nil
    }

    /// The column of whole millimetre `mm` along the picture's horizontal MNI axis.
    func column(ofMillimetre mm: Int) -> Int {
        let axis = Self.box[view.axes.h]
        return view.flipped ? axis.upperBound - mm : mm - axis.lowerBound
    }

    /// The MNI millimetres of the cells whose centres lie in [`low`, `high`), at least the one nearest the middle.
    static func cells(from low: Double, to high: Double) -> [Int] {
        let first = Int(low.rounded(.up)), last = Int(high.rounded(.up)) - 1
        return first <= last ? Array(first...last) : [Int(((low + high) / 2).rounded())]
    }

    /// Keeps `value` at the cell of MNI mm (`h`, `v`) on the picture's axes when it is larger in magnitude.
    mutating func keep(value: Float, cluster: Int, h: Int, v: Int) {
        let va = view.axes.v
        let c = column(ofMillimetre: h), r = Self.box[va].upperBound - v
        guard c >= 0, c < width, r >= 0, r < height else { return }
        let i = r * width + c
        if clusters[i] == 0 || abs(value) > abs(values[i]) { (values[i], clusters[i]) = (value, cluster) }
    }
}
