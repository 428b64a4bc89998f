import Foundation
import Synchronization
import Testing
@testable import BrainServer

/// Admission control on pixels in flight: what fits goes at once, what does not waits in order,
/// a full wait queue is a 503 at once, and pixels always come back. Every wait is on a condition the
/// budget reports (`load`), never on a guessed delay.
@Suite struct PixelBudgetTests {
    @Test func requestsThatFitGoAtOnceAndTheRestWaitInOrder() async throws {
        let budget = PixelBudget(capacity: 100, maxWaiting: 4, timeout: .seconds(600))
        let first = try await budget.acquire(60)
        #expect(budget.load.inUse == 60)
        let order = OrderLog()
        // 50 does not fit beside 60: it waits, and the 10 behind it waits too (no overtaking).
        let large = Task { let c = try await budget.acquire(50); order.append("large"); return c }
        try await waitUntil("the large request waits") { budget.load.waiting == 1 }
        let small = Task { let c = try await budget.acquire(10); order.append("small"); return c }
        try await waitUntil("the small request waits behind it") { budget.load.waiting == 2 }
        #expect(budget.load.inUse == 60)
        budget.release(first)
        let charges = try await (large.value, small.value)
        #expect(charges == (50, 10))
        #expect(order.entries == ["large", "small"])
        #expect(budget.load.inUse == 60)
        budget.release(50)
        budget.release(10)
        #expect(budget.load == (0, 0, 0))
    }

    @Test func aFullWaitQueueIsRefusedAtOnceWithA503() async throws {
        let budget = PixelBudget(capacity: 100, maxWaiting: 1, timeout: .seconds(600))
        let held = try await budget.acquire(100)
        let waiting = Task { try await budget.acquire(30) }
        try await waitUntil("one request waits") { budget.load.waiting == 1 }
        do {
            _ = try await budget.acquire(30)
            Issue.record("a request beyond the wait queue was admitted")
        } catch let error as APIError {
            #expect(error.status == .serviceUnavailable)
            #expect(error.message.contains("pixel budget full"), "\(error.message)")
            let response = APIError.jsonResponse(status: error.status, message: error.message)
            #expect(response.headers[.retryAfter] == "1")
        }
        #expect(budget.load.refused == 1)
        budget.release(held)
        #expect(try await waiting.value == 30)
        budget.release(30)
        #expect(budget.load.inUse == 0)
    }

    @Test func aRequestLargerThanTheBudgetRunsAlone() async throws {
        let budget = PixelBudget(capacity: 100, maxWaiting: 2, timeout: .seconds(600))
        #expect(try await budget.acquire(1_000) == 100)
        let next = Task { try await budget.acquire(1) }
        try await waitUntil("the next request waits") { budget.load.waiting == 1 }
        budget.release(100)
        #expect(try await next.value == 1)
    }

    @Test func aWaitPastTheTimeoutIsA503AndFreesItsPlace() async throws {
        let budget = PixelBudget(capacity: 10, maxWaiting: 1, timeout: .milliseconds(50))
        let held = try await budget.acquire(10)
        do {
            _ = try await budget.acquire(5)
            Issue.record("a request waited past its deadline and was admitted")
        } catch let error as APIError {
            #expect(error.status == .serviceUnavailable)
            #expect(error.message.contains("waited longer than"), "\(error.message)")
        }
        #expect(budget.load.waiting == 0)
        budget.release(held)
        #expect(try await budget.acquire(10) == 10)
    }

    @Test func aCancelledWaiterLeavesTheQueue() async throws {
        let budget = PixelBudget(capacity: 10, maxWaiting: 1, timeout: .seconds(600))
        let held = try await budget.acquire(10)
        let waiting = Task { try await budget.acquire(5) }
        try await waitUntil("one request waits") { budget.load.waiting == 1 }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(budget.load.waiting == 0)
        budget.release(held)
        #expect(budget.load.inUse == 0)
    }
}

/// Records the order in which tasks got through.
private final class OrderLog: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ entry: String) { storage.withLock { $0.append(entry) } }
    var entries: [String] { storage.withLock { $0 } }
}
