import Foundation

/// Where the server's memory is, for `/healthz`: the scene cache holds at most `cacheLimitBytes`
/// (`--cache-mb`); the rest of `residentBytes` is the loaded atlas data, the render workers' GL
/// buffers (each sized for the largest image it drew, supersampled) and the allocator's free lists.
struct MemoryReport: Encodable, Sendable {
    /// Resident set size of the process (Linux `/proc/self/statm`); null where unreadable.
    let residentBytes: Int?
    /// Bytes the scene cache keeps now (each scene's PNG and index image).
    let cacheBytes: Int
    let cacheLimitBytes: Int

    init(cacheBytes: Int, cacheLimit: Int) {
        self.cacheBytes = cacheBytes
        cacheLimitBytes = cacheLimit
        residentBytes = Self.resident()
    }

    /// Second field of statm: resident pages.
    static func resident() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
