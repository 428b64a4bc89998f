import Foundation

/// A BrainVoyager transformation file (`.trf`, text, versions 5–8): a 4×4 matrix and the fields that say what it moves.
public struct TRFFile: Sendable, Equatable {
    /// One line of the file, in order, so a file written back has the original's layout.
    public enum Line: Sendable, Equatable {
        case blank
        /// `Key: value`, the value as written (quotes kept).
        case field(key: String, value: String)
        /// Four rows of four numbers (the transformation, or the extra VMR matrix).
        case matrix(TRFMatrix)
    }

    public var lines: [Line]

    public init(lines: [Line]) {
        self.lines = lines
    }

    /// The value of `key` (case-insensitive) as written, or nil.
    public func value(_ key: String) -> String? {
        for case let .field(k, v) in lines where k.caseInsensitiveCompare(key) == .orderedSame { return v }
        return nil
    }

    public var fileVersion: Int? { value("FileVersion").flatMap { Int($0) } }
    /// 1 rigid FMR→VMR alignment, 2 affine VMR→VMR (AC-PC, MNI a12), 3 MNI with an adjusted box, 4 Talairach, 5 un-Talairach.
    public var transformationType: Int? { value("TransformationType").flatMap { Int($0) } }
    public var sourceFile: String { Self.unquoted(value("SourceFile") ?? "") }
    public var targetFile: String { Self.unquoted(value("TargetFile") ?? "") }

    /// The main matrix (the first one in the file).
    public var matrix: TRFMatrix? {
        for case let .matrix(m) in lines { return m }
        return nil
    }

    /// The target VMR's framing cube and voxel size when the file states them (`ACPCVMR…` or `ToVMR…`).
    public var targetFramingCube: Int? { (value("ACPCVMRFramingCube") ?? value("ToVMRFramingCube")).flatMap { Int($0) } }
    public var targetVoxelSize: Double? { (value("ACPCVMRVoxelRes") ?? value("ToVMRVoxelRes")).flatMap { Double($0) } }

    static func unquoted(_ text: String) -> String {
        text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? String(text.dropFirst().dropLast()) : text
    }
}

/// A TRF matrix as BrainVoyager stores it: single-precision numbers, row-major, acting on column vectors.
public struct TRFMatrix: Sendable, Equatable {
    /// Four rows of four values.
    public var rows: [[Float]]
    /// The numbers as the file wrote them, kept so that unchanged values are written back as they were:
    /// BrainVoyager versions round a value exactly halfway between two 16-decimal texts differently.
    var texts: [[String]]?

    public init(rows: [[Float]]) {
        precondition(rows.count == 4 && rows.allSatisfy { $0.count == 4 }, "a TRF matrix is 4×4")
        self.rows = rows
    }

    init(rows: [[Float]], texts: [[String]]) {
        self.init(rows: rows)
        self.texts = texts
    }

    public static func == (a: TRFMatrix, b: TRFMatrix) -> Bool { a.rows == b.rows }

    /// Entry (r, c) as the file shows it: its own text while the value is unchanged, else BrainVoyager's format.
    func text(_ r: Int, _ c: Int) -> String {
        if let t = texts?[r][c], Float(t) == rows[r][c] { return t }
        return TRFFile.decimal16(rows[r][c])
    }

    public var doubles: [[Double]] { rows.map { $0.map(Double.init) } }
}
