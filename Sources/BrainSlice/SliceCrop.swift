import BrainFormats

/// How much of the plane a slice shows: the head's bounding box plus a margin (the default), or
/// the whole plane of the volume.
public enum SliceCrop: String, Sendable, CaseIterable {
    case head, none

    /// Clear space kept around the head's box on every side, in mm (rounded up to whole voxels):
    /// room for the orientation letters and a little air around the scalp.
    public static let marginMillimetres = 8.0

    /// The `crop` field as typed (`head` or `none`, any case), or an error naming it.
    public init(field text: String) throws(SliceError) {
        guard let crop = Self(rawValue: text.lowercased()) else {
            throw .field("crop", value: text, "is not head or none")
        }
        self = crop
    }

    /// A rectangle of slice pixels (one pixel per voxel), top-left origin.
    public struct Box: Sendable, Equatable {
        public var column: Int, row: Int, width: Int, height: Int

        public init(column: Int, row: Int, width: Int, height: Int) {
            self.column = column
            self.row = row
            self.width = width
            self.height = height
        }

        /// Grown by `columns` and `rows` on each side.
        public func grown(columns: Int, rows: Int) -> Box {
            Box(column: column - columns, row: row - rows, width: width + 2 * columns, height: height + 2 * rows)
        }

        /// The part inside a `width × height` plane (at least one pixel, so a slice is never empty).
        public func clamped(width w: Int, height h: Int) -> Box {
            let c0 = max(0, min(column, w - 1)), r0 = max(0, min(row, h - 1))
            let c1 = max(c0 + 1, min(column + width, w)), r1 = max(r0 + 1, min(row + height, h))
            return Box(column: c0, row: r0, width: c1 - c0, height: r1 - r0)
        }

        public func contains(column c: Int, row r: Int) -> Bool {
            c >= column && r >= row && c < column + width && r < row + height
        }
    }
}

extension SliceOrientation {
    /// `whole` cropped to the head's box on its plane plus `SliceCrop.marginMillimetres` (whole
    /// voxels, per image axis), and the voxels of margin the plane lacks on each side (the
    /// template's scalp touches its posterior edge): the layout adds those as black bands. The
    /// whole plane when the survey found no head.
    static func head(of whole: SliceOrientation, survey: VolumeSurvey?, frame: VolumeFrame)
        -> (orientation: SliceOrientation, missing: (left: Int, top: Int, right: Int, bottom: Int)) {
        guard let low = survey?.headLow, let high = survey?.headHigh else { return (whole, (0, 0, 0, 0)) }
        // BV axes of the image's columns and rows (SliceOrientation's table).
        let (columnAxis, rowAxis) = switch whole.plane {
        case .axial: (2, 0)
        case .coronal: (2, 1)
        case .sagittal: (0, 1)
        }
        func margin(_ axis: Int) -> Int {
            let size = frame.voxelSize[axis]
            return size > 0 && size.isFinite ? Int((SliceCrop.marginMillimetres / size).rounded(.up)) : 8
        }
        let box = whole.wholePlaneBox(low: low, high: high).grown(columns: margin(columnAxis), rows: margin(rowAxis))
        let cropped = SliceOrientation(plane: whole.plane, index: whole.index, dims: whole.dims,
                                       radiological: whole.radiological, crop: box)
        let kept = cropped.crop
        return (cropped, (kept.column - box.column, kept.row - box.row,
                          (box.column + box.width) - (kept.column + kept.width),
                          (box.row + box.height) - (kept.row + kept.height)))
    }
}
