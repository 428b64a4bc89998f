import Foundation
import Synchronization

/// A throwing computation started on a thread of its own; `value()` waits for it. One-shot
/// commands load the scene this way while the calling thread opens Mesa (both ~15–30 ms); a
/// report draws its glass brain this way while the cortex views draw.
public final class BackgroundWork<T: Sendable>: Sendable {
    // Written once by the worker before `done` is signalled, read only after waiting on it.
    private let result = Mutex<Result<T, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)
    private let finished = Atomic<Bool>(false)

    public init(_ body: @escaping @Sendable () throws -> T) {
        let thread = Thread { [self] in
            let outcome = Result { try body() }
            result.withLock { $0 = outcome }
            finished.store(true, ordering: .releasing)
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Whether the result is ready (`value()` would not wait).
    var isFinished: Bool { finished.load(ordering: .acquiring) }

    /// The result, waiting for the worker if needed; call once.
    public func value() throws -> T {
        done.wait()
        return try result.withLock { $0 }!.get()
    }
}
