import BrainFormats
import Foundation

/// Reading atlas files that may be gzip-compressed, with an output bound so a lying or corrupt
/// file cannot make us allocate without limit (BrainFormats' `Gzip` does the inflating).
enum Gunzip {
    /// Reads a file, inflating it when it is gzip-compressed; errors name the file.
    static func readMaybeCompressed(_ url: URL, limit: Int) throws -> Data {
        let data: Data
        do { data = try Data(contentsOf: url, options: .mappedIfSafe) } catch {
            throw AtlasError.unreadable(url.path, reason: "no such file or not readable")
        }
        guard Gzip.isGzip(data) else { return data }
        do {
            return try Gzip.decompress(data, file: url.path, maxOutput: limit)
        } catch let error as FormatError {
            throw AtlasError.unreadable(url.path, reason: "\(error.field): \(error.message)")
        }
    }
}
