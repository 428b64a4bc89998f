import Foundation

/// A build failure naming the file, the field and what was wrong.
public struct BuildError: Error, LocalizedError, CustomStringConvertible, Equatable, Sendable {
    public let file: String
    public let field: String
    public let problem: String

    public init(file: String, field: String, problem: String) {
        self.file = file
        self.field = field
        self.problem = problem
    }

    public var description: String { "\(file): \(field): \(problem)" }
    public var errorDescription: String? { description }
}
