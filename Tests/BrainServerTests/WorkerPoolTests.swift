import Foundation
import Testing
@testable import BrainServer

/// The pool's contract: each worker keeps its own context on its own thread, a full queue
/// answers 503 at once, and jobs that waited past their deadline never run.
@Suite struct WorkerPoolTests {
    /// A context that remembers the thread that created it, so a job can check it runs there.
    final class ThreadBoundContext {
        let thread = Thread.current
        let serial: Int
        init(serial: Int) { self.serial = serial }
    }

    @Test func jobsRunOnTheThreadThatOwnsTheContext() async throws {
        let counter = Counter()
        let pool = WorkerPool<ThreadBoundContext>(workers: 3, queueCapacity: 100, name: "test") {
            ThreadBoundContext(serial: counter.increment())
        }
        defer { pool.shutdown() }
        let results = try await withThrowingTaskGroup(of: (Bool, Int).self) { group in
            for _ in 0..<60 {
                group.addTask {
                    try await pool.run(timeout: .seconds(30)) { context in
                        Thread.sleep(forTimeInterval: 0.001)
                        return (context.thread === Thread.current, context.serial)
                    }
                }
            }
            var all: [(Bool, Int)] = []
            for try await r in group { all.append(r) }
            return all
        }
        #expect(results.count == 60)
        #expect(results.allSatisfy { $0.0 })
        #expect(Set(results.map(\.1)).isSubset(of: [1, 2, 3]))
        #expect(counter.value == 3)  // contexts are made once per worker, not per job
    }

    // These tests never depend on how soon a Task starts: on a loaded two-core machine the
    // cooperative threads can be busy with other suites' synchronous tests for a minute.

    @Test func aFullQueueAnswers503AtOnce() async throws {
        let pool = WorkerPool<Int>(workers: 1, queueCapacity: 1, name: "test") { 0 }
        defer { pool.shutdown() }
        let gate = DispatchSemaphore(value: 0)
        // The only worker is held by the first job and the one queue slot by the second.
        let blocker = Task { try await pool.run(timeout: .seconds(600)) { _ in gate.wait(); return 0 } }
        try await waitUntil("the first job runs") { pool.load.running == 1 }
        let queued = Task { try await pool.run(timeout: .seconds(600)) { c in c + 1 } }
        try await waitUntil("the second job is queued") { pool.load.waiting == 1 }
        do {
            _ = try await pool.run(timeout: .seconds(600)) { _ in 2 }
            Issue.record("a job beyond the queue's capacity was accepted")
        } catch let error as APIError {
            #expect(error.status == .serviceUnavailable)
            #expect(error.message.contains("queue full"))
        }
        gate.signal()
        #expect(try await blocker.value == 0)
        #expect(try await queued.value == 1)
    }

    @Test func expiredJobsAreAnswered503AndNeverRun() async throws {
        let pool = WorkerPool<Int>(workers: 1, queueCapacity: 2, name: "test") { 0 }
        defer { pool.shutdown() }
        let gate = DispatchSemaphore(value: 0)
        let ran = Counter()
        let blocker = Task { try await pool.run(timeout: .seconds(600)) { _ in gate.wait(); return 0 } }
        try await waitUntil("the first job runs") { pool.load.running == 1 }
        // Whenever these get queued, the worker is still held: both must expire unrun. They are
        // answered at their deadline while the worker stays blocked, so they never waited for it.
        let queued = (0..<2).map { _ in
            Task { try await pool.run(timeout: .milliseconds(300)) { _ in ran.increment(); return 1 } }
        }
        for task in queued {
            do {
                _ = try await task.value
                Issue.record("an expired job ran")
            } catch let error as APIError {
                #expect(error.status == .serviceUnavailable)
                #expect(error.message.contains("waited longer"))
            }
        }
        #expect(pool.load.waiting == 0)
        gate.signal()
        _ = try await blocker.value
        #expect(ran.value == 0)
    }

    @Test func aRunningJobPastItsDeadlineIsAnswered503WithoutWaitingForIt() async throws {
        let pool = WorkerPool<Int>(workers: 1, queueCapacity: 2, name: "test") { 0 }
        defer { pool.shutdown() }
        let gate = DispatchSemaphore(value: 0)
        // The job says when it starts. A job still queued at its deadline is answered "waited
        // longer" and never runs; then the deadline is doubled, until one starts in time.
        var timeout = Duration.milliseconds(250)
        while true {
            let started = Counter()
            do {
                _ = try await pool.run(timeout: timeout) { _ in started.increment(); gate.wait(); return 1 }
                Issue.record("a job past its deadline answered normally")
                break
            } catch let error as APIError where error.message.contains("waited longer") {
                #expect(started.value == 0)
                guard timeout < .seconds(300) else { Issue.record("the worker never started a job"); break }
                timeout *= 2
            } catch let error as APIError {
                #expect(error.status == .serviceUnavailable)
                #expect(error.message.contains("took longer"))
                #expect(started.value == 1)
                break
            }
        }
        gate.signal()  // only now can the job finish: the answer did not wait for it
        // The worker is free again afterwards.
        #expect(try await pool.run(timeout: .seconds(30)) { c in c + 5 } == 5)
    }

    @Test func aFailedContextAnswersEveryJobWithTheFailure() async throws {
        struct NoGL: Error {}
        let pool = WorkerPool<Int>(workers: 1, queueCapacity: 4, name: "test") { throw NoGL() }
        defer { pool.shutdown() }
        await #expect(throws: RendererUnavailable.self) {
            try await pool.run(timeout: .seconds(5)) { _ in 1 }
        }
    }

    @Test func shutdownFinishesQueuedJobs() async throws {
        let pool = WorkerPool<Int>(workers: 1, queueCapacity: 10, name: "test") { 7 }
        let gate = DispatchSemaphore(value: 0)
        // The first job holds the worker, so the other four are still queued when shutdown starts.
        // The deadline is far off: this test is about shutdown, and a loaded machine may starve the queue for a while.
        let tasks = (0..<5).map { i in
            Task { try await pool.run(timeout: .seconds(1800)) { c in if i == 0 { gate.wait() }; return c + i } }
        }
        try await waitUntil("one job runs and four wait") { pool.load == (4, 1) }
        let stopper = Task.detached { pool.shutdown() }
        try await waitUntil("shutdown has begun") { pool.isStopping }
        gate.signal()
        await stopper.value
        var values: [Int] = []
        for task in tasks { values.append(try await task.value) }
        #expect(values.sorted() == [7, 8, 9, 10, 11])
        await #expect(throws: APIError.self) { try await pool.run(timeout: .seconds(1)) { c in c } }
    }
}

/// Polls `condition` every 2 ms (an explicit signal from the code under test, never a guessed
/// delay); records an issue instead of hanging when it stays false. The bound is long because the
/// suite's synchronous tests (CLI runs, mesh builds) can hold every thread of a 2-core machine's
/// test pool for several minutes, and the tasks being waited for cannot start until one is free.
func waitUntil(_ what: String, seconds: Int = 1200, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        guard ContinuousClock.now < deadline else { Issue.record("timed out waiting until \(what)"); return }
        try await Task.sleep(for: .milliseconds(2))
    }
}
