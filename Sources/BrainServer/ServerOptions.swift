import BrainAtlas
import BrainMaps
import BrainRender
import Foundation

/// How `braintutor serve` runs: address, worker threads, queue and cache sizes, timeouts.
public struct ServerOptions: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// Render worker threads, each with its own GL context. Default: one per core, at most 4.
    public var workers = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount))
    /// Render jobs allowed to wait; more are answered 503 at once.
    public var queueCapacity = 64
    /// A render or slice not done this long after it was queued is answered 503 at once
    /// (a job still waiting is dropped before any GL work).
    public var requestTimeout: Duration = .seconds(10)
    /// A keep-alive connection with no request for this long is closed.
    public var idleTimeout: Duration = .seconds(30)
    /// Bytes of rendered scenes (PNG + index image) kept for repeated views and picks.
    public var cacheBytes = 256 << 20
    /// Pixels renders and slices may have in flight at once (`PixelBudget`); beyond them a request
    /// waits for room, and past `queueCapacity` waiting it gets 503. Default: `defaultPixelBudget`.
    public var pixelBudget = ServerOptions.defaultPixelBudget
    /// `--data DIR`; nil = `DataLocator`'s search.
    public var dataDirectory: String?
    /// A user's label atlas (`--atlas-file`, `--atlas-table`) added beside the bundled ones; nil: none.
    public var userAtlas: (image: String, table: String)?
    /// Folder with the web viewer; nil = `WebAssets.locate()`.
    public var webDirectory: String?
    /// The GL backend the render workers draw with (`--gl`); nil: `GLBackend.chosen`'s default.
    public var glBackend: GLBackend?
    /// `--map NAME=FILE`: statistical maps requests may overlay by name (`overlay=NAME`); the
    /// server reads only these files, never a path from a query.
    public var maps: [String: String] = [:]

    public init() {}

    /// Longest `--timeout` and `--idle-timeout` in seconds, and largest `--cache-mb`.
    public static let timeoutLimit = 3600.0
    public static let idleTimeoutLimit = 86400.0
    public static let cacheMBLimit = 65536

    /// What one drawn pixel costs at the peak of a render, measured: the GL colour and depth buffers,
    /// the read-back, the index image, the PNG being written and the allocator's slack around them
    /// (each worker that drew one 4096×4096 render raised the server's peak resident memory by
    /// 320–400 MB: 19–24 bytes a pixel).
    public static let bytesPerDrawnPixel = 20
    /// The default budget: a twelfth of the machine's memory in pixels in flight, and never less
    /// than one largest image (4096×4096), so the largest request can always run, alone.
    public static var defaultPixelBudget: Int {
        let memory = Int(clamping: ProcessInfo.processInfo.physicalMemory)
        let largest = RequestLimits.maximumImageSide * RequestLimits.maximumImageSide
        return max(largest, memory / 12 / bytesPerDrawnPixel)
    }
    /// Largest `--pixel-budget` in megapixels.
    public static let pixelBudgetMPLimit = 100_000

    /// The options as `braintutor serve` reads them (seconds and megabytes), converted and checked
    /// here, once: a bad value is a `ServerSetupError` naming the option.
    public init(host: String, port: Int, workers: Int?, queue: Int, timeoutSeconds: Double, idleTimeoutSeconds: Double,
                cacheMB: Int, dataDirectory: String?, webDirectory: String?, pixelBudgetMP: Int? = nil) throws {
        self.host = host
        self.port = port
        if let workers { self.workers = workers }
        queueCapacity = queue
        requestTimeout = try Self.duration(timeoutSeconds, option: "--timeout", limit: Self.timeoutLimit)
        idleTimeout = try Self.duration(idleTimeoutSeconds, option: "--idle-timeout", limit: Self.idleTimeoutLimit)
        guard (0...Self.cacheMBLimit).contains(cacheMB) else {
            throw ServerSetupError("--cache-mb: \(cacheMB) is outside 0…\(Self.cacheMBLimit)")
        }
        cacheBytes = cacheMB << 20
        if let pixelBudgetMP {
            guard (1...Self.pixelBudgetMPLimit).contains(pixelBudgetMP) else {
                throw ServerSetupError("--pixel-budget: \(pixelBudgetMP) is outside 1…\(Self.pixelBudgetMPLimit) megapixels")
            }
            pixelBudget = pixelBudgetMP * 1_000_000
        }
        self.dataDirectory = dataDirectory
        self.webDirectory = webDirectory
        _ = try validated()
    }

    private static func duration(_ seconds: Double, option: String, limit: Double) throws -> Duration {
        guard seconds.isFinite, seconds > 0, seconds <= limit else {
            throw ServerSetupError("\(option): \(seconds) is outside (0, \(Int(limit))] seconds")
        }
        return .milliseconds(Int(seconds * 1000))
    }

    /// Adds one `NAME=FILE` map; the name is letters, digits, `-`, `_` and `.`, given once.
    public mutating func addMap(_ text: String) throws {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex, text.index(after: equals) != text.endIndex else {
            throw ServerSetupError("--map: '\(text)' is not NAME=FILE")
        }
        let name = String(text[..<equals]), file = String(text[text.index(after: equals)...])
        guard name.count <= 64, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw ServerSetupError("--map: name '\(name)' must be 1…64 letters, digits, '-', '_' or '.'")
        }
        guard maps[name] == nil else { throw ServerSetupError("--map: name '\(name)' is given twice") }
        guard FileManager.default.isReadableFile(atPath: file) else { throw ServerSetupError("--map: \(name): cannot read \(file)") }
        // Read once now, so a file that is no map, or a map in native space, stops the start.
        do { _ = try MapVolume.load(URL(fileURLWithPath: file)) } catch { throw ServerSetupError("--map: \(name): \(error)") }
        maps[name] = file
    }

    /// Checks values a person typed, so a bad option is a clear error rather than a hang.
    public func validated() throws -> ServerOptions {
        guard (0...65535).contains(port) else { throw ServerSetupError("--port: \(port) is not a TCP port (0…65535)") }
        guard (1...64).contains(workers) else { throw ServerSetupError("--workers: \(workers) is outside 1…64") }
        guard (1...100_000).contains(queueCapacity) else {
            throw ServerSetupError("--queue: \(queueCapacity) is outside 1…100000")
        }
        guard requestTimeout > .zero else { throw ServerSetupError("--timeout: must be positive") }
        guard idleTimeout > .zero else { throw ServerSetupError("--idle-timeout: must be positive") }
        guard cacheBytes >= 0 else { throw ServerSetupError("--cache-mb: must not be negative") }
        guard pixelBudget > 0 else { throw ServerSetupError("--pixel-budget: must be positive") }
        return self
    }
}
