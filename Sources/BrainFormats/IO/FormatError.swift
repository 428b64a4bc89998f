import Foundation

/// A typed read/write failure that names the file, the field and what was wrong.
public struct FormatError: Error, LocalizedError, CustomStringConvertible, Equatable, Sendable {
    /// File name (last path component or a caller-chosen label).
    public var file: String
    /// Header field, record or section that failed (`DimX`, `NrOfVoxels`, `triangle 17`…).
    public var field: String
    /// What was wrong, in plain words.
    public var message: String

    public init(file: String, field: String, message: String) {
        self.file = file
        self.field = field
        self.message = message
    }

    public var description: String {
        field.isEmpty ? "\(file): \(message)" : "\(file): \(field): \(message)"
    }

    public var errorDescription: String? { description }
}
