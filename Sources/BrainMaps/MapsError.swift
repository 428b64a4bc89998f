import Foundation

/// A statistical-map request that cannot be answered; the message names the file or option and the problem.
public struct MapsError: Error, LocalizedError, CustomStringConvertible, Sendable, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
    public var errorDescription: String? { message }
}
