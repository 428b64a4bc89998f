import Foundation
import Synchronization

/// Admission control on pixels in flight: every render or slice takes its pixels from one budget
/// before it queues for a worker and gives them back when it is done, so the images being drawn,
/// read back and encoded at one time never hold more than the budget, however many arrive at once.
///
/// A request that does not fit waits, first come first served; when `maxWaiting` requests already
/// wait, it is answered 503 (with `Retry-After`, as every 503) at once. A request larger than the
/// whole budget is charged the whole budget, so it runs alone instead of never.
final class PixelBudget: Sendable {
    private final class Waiter: Sendable {
        let pixels: Int
        let continuation: Mutex<CheckedContinuation<Void, any Error>?>
        init(pixels: Int, continuation: CheckedContinuation<Void, any Error>) {
            self.pixels = pixels
            self.continuation = Mutex(continuation)
        }

        /// The first of grant, refusal, deadline and cancellation wins; the rest do nothing.
        func resume(_ result: Result<Void, any Error>) -> Bool {
            guard let continuation = continuation.withLock({ $0.take() }) else { return false }
            continuation.resume(with: result)
            return true
        }
    }

    /// Where a waiter is found by the cancellation handler, which may run before it exists.
    private final class WaiterSlot: Sendable {
        let waiter = Mutex<Waiter?>(nil)
    }

    private struct State {
        var inUse = 0
        var waiters: [Waiter] = []
        var refused = 0
    }

    /// Pixels that may be in flight at once.
    let capacity: Int
    /// Requests allowed to wait for room; more are refused at once.
    let maxWaiting: Int
    private let timeout: Duration
    private let state = Mutex(State())

    init(capacity: Int, maxWaiting: Int, timeout: Duration) {
        self.capacity = max(1, capacity)
        self.maxWaiting = max(0, maxWaiting)
        self.timeout = timeout
    }

    /// Pixels in flight, requests waiting, and requests refused so far (for `/healthz` and tests).
    var load: (inUse: Int, waiting: Int, refused: Int) {
        state.withLock { ($0.inUse, $0.waiters.count, $0.refused) }
    }

    /// Runs `body` holding `pixels` of the budget; waits for room, or throws the 503 of a full wait
    /// queue or of a wait longer than the request timeout.
    func withPixels<T: Sendable>(_ pixels: Int, _ body: () async throws -> T) async throws -> T {
        let charge = try await acquire(pixels)
        defer { release(charge) }
        return try await body()
    }

    /// Takes `pixels` (at most the whole budget) and returns the amount taken, for `release`.
    func acquire(_ pixels: Int) async throws -> Int {
        let charge = min(max(pixels, 0), capacity)
        enum Decision { case granted, refused, wait }
        let decision: Decision = state.withLock { state in
            // Nobody overtakes a waiter: a large request would otherwise wait for ever behind small ones.
            if state.waiters.isEmpty && state.inUse + charge <= capacity {
                state.inUse += charge
                return .granted
            }
            if state.waiters.count >= maxWaiting {
                state.refused += 1
                return .refused
            }
            return .wait
        }
        switch decision {
        case .granted: return charge
        case .refused: throw fullError
        case .wait: break
        }
        let box = WaiterSlot()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let waiter = Waiter(pixels: charge, continuation: continuation)
                box.waiter.withLock { $0 = waiter }
                let admitted = state.withLock { state -> Bool in
                    // Room may have come between the decision above and this lock.
                    if state.waiters.isEmpty && state.inUse + charge <= capacity {
                        state.inUse += charge
                        return true
                    }
                    if state.waiters.count >= maxWaiting {
                        state.refused += 1
                        _ = waiter.resume(.failure(fullError))
                        return false
                    }
                    state.waiters.append(waiter)
                    return false
                }
                if admitted { _ = waiter.resume(.success(())) }
                // Cancelled before the handler could find the waiter: leave now rather than at the deadline.
                if Task.isCancelled, withdraw(waiter) { _ = waiter.resume(.failure(CancellationError())) }
                deadlines.asyncAfter(deadline: .now() + timeout.dispatchInterval) { [self] in
                    if withdraw(waiter) { _ = waiter.resume(.failure(lateError)) }
                }
            }
        } onCancel: {
            if let waiter = box.waiter.withLock({ $0 }), withdraw(waiter) { _ = waiter.resume(.failure(CancellationError())) }
        }
        return charge
    }

    /// Gives `pixels` back and admits the waiters that now fit, in order.
    func release(_ pixels: Int) {
        let admitted: [Waiter] = state.withLock { state in
            state.inUse -= pixels
            var admitted: [Waiter] = []
            while let first = state.waiters.first, state.inUse + first.pixels <= capacity {
                state.waiters.removeFirst()
                state.inUse += first.pixels
                admitted.append(first)
            }
            return admitted
        }
        for waiter in admitted where !waiter.resume(.success(())) {
            release(waiter.pixels)  // answered already (cannot happen while it was queued), so give it back
        }
    }

    /// Takes a waiter out of the queue; false when it was already admitted or gone.
    private func withdraw(_ waiter: Waiter) -> Bool {
        let removed = state.withLock { state -> Bool in
            guard let i = state.waiters.firstIndex(where: { $0 === waiter }) else { return false }
            state.waiters.remove(at: i)
            return true
        }
        if removed { release(0) }  // the head may have been the one blocking those behind it
        return removed
    }

    private var fullError: APIError {
        APIError(.serviceUnavailable, "pixel budget full (\(maxWaiting) renders waiting for room in the "
            + "\(capacity / 1_000_000) MP being drawn); retry shortly")
    }

    private var lateError: APIError {
        APIError(.serviceUnavailable, "the request waited longer than \(timeout) for room in the pixel budget; retry shortly")
    }
}

/// Wait deadlines fire on their own serial queue, as the worker pools' do.
private let deadlines = DispatchQueue(label: "braintutor-pixel-deadlines")
