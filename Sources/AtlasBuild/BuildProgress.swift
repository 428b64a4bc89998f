import Foundation
import Synchronization

/// Progress lines on stderr, shown only when stderr is a terminal (scripts and CI stay quiet).
public final class BuildProgress: Sendable {
    private let enabled: Bool
    /// One line written at a time.
    private let lock = Mutex(())

    public init(enabled: Bool = isatty(2) == 1) {
        self.enabled = enabled
    }

    /// A step that starts now.
    public func step(_ text: String) {
        guard enabled else { return }
        lock.withLock { _ in FileHandle.standardError.write(Data("\r\u{1B}[K\(text)…\n".utf8)) }
    }

    /// A fraction within the current step, overwritten in place.
    public func update(_ text: String, done: Int, of total: Int) {
        guard enabled, total > 0 else { return }
        let pct = done * 100 / total
        lock.withLock { _ in FileHandle.standardError.write(Data("\r\u{1B}[K  \(text) \(pct)%".utf8)) }
    }
}
