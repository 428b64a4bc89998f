import Foundation
import Synchronization

/// A fixed set of threads, each creating and owning one `Context` (a GL context, a slicer) for
/// its whole life; async callers hand jobs over through continuations.
///
/// GL contexts are current per thread, so a context must never meet an `await`: each job
/// runs start to finish synchronously on the thread that made the context. The queue is
/// bounded so overload is answered at once (503) instead of piling up latency. Every job has
/// a deadline timer: when it fires, the caller gets a 503 at once, whether the job is still
/// waiting (it is taken out of the queue and never runs) or already drawing (its result is
/// dropped; a GL call cannot be interrupted).
final class WorkerPool<Context>: @unchecked Sendable {
    // @unchecked: all mutable state below, and each job's `state`, is guarded by `condition`.
    // The workers sleep on that condition until a job arrives; `Mutex` has no wait, so the
    // state cannot move into one without a second lock beside it.
    private final class Job: @unchecked Sendable {
        enum State { case queued, running, done }
        var state = State.queued
        var timer: DispatchWorkItem?
        let run: (Context?, (any Error)?) -> Void
        init(run: @escaping (Context?, (any Error)?) -> Void) { self.run = run }
    }

    private let condition = NSCondition()
    private var queue: [Job] = []
    private var queueHead = 0
    private var stopping = false
    private var threads: [Thread] = []
    private var running = 0
    private let exited = DispatchGroup()

    let workerCount: Int
    let queueCapacity: Int
    /// Deadline timers fire here: a serial queue has its own thread, so busy global
    /// (cooperative) threads cannot delay a 503 that is due.
    private static var deadlines: DispatchQueue { deadlineQueue }

    /// Starts `workers` threads; each calls `makeContext` once on itself. A context that
    /// fails to start makes that worker answer every job with the failure (the HTTP side
    /// keeps serving everything that does not draw).
    init(workers: Int, queueCapacity: Int, name: String,
         makeContext: @escaping @Sendable () throws -> Context) {
        self.workerCount = max(1, workers)
        self.queueCapacity = max(1, queueCapacity)
        for index in 0..<workerCount {
            exited.enter()
            let thread = Thread { [self] in
                let context: Context?
                let failure: (any Error)?
                do { context = try makeContext(); failure = nil } catch { context = nil; failure = error }
                self.workLoop(context: context, failure: failure)
                self.exited.leave()
            }
            thread.name = "\(name)-\(index)"
            thread.stackSize = 8 << 20
            threads.append(thread)
        }
        threads.forEach { $0.start() }
    }

    /// Jobs waiting plus jobs being drawn.
    var load: (waiting: Int, running: Int) {
        condition.lock(); defer { condition.unlock() }
        return (queue.count - queueHead, running)
    }

    /// True once `shutdown()` has begun: new jobs are refused, queued ones still run.
    var isStopping: Bool {
        condition.lock(); defer { condition.unlock() }
        return stopping
    }

    /// Runs `body` on a worker with that worker's context.
    /// Throws a 503 `APIError` when the queue is full or the job is not done within `timeout`.
    func run<T: Sendable>(timeout: Duration,
                          _ body: @escaping @Sendable (Context) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let answer = ResumeOnce(continuation)
            let job = Job { context, failure in
                if let context {
                    answer.resume(with: Result { try body(context) })
                } else {
                    answer.resume(with: .failure(RendererUnavailable(underlying: failure)))
                }
            }
            condition.lock()
            if stopping {
                condition.unlock()
                answer.resume(with: .failure(APIError(.serviceUnavailable, "the server is shutting down")))
                return
            }
            if queue.count - queueHead >= queueCapacity {
                condition.unlock()
                answer.resume(with: .failure(APIError(.serviceUnavailable,
                    "render queue full (\(queueCapacity) jobs waiting); retry shortly")))
                return
            }
            let timer = DispatchWorkItem { [self] in
                if let error = expire(job, timeout: timeout) { answer.resume(with: .failure(error)) }
            }
            job.timer = timer
            queue.append(job)
            condition.signal()
            condition.unlock()
            Self.deadlines.asyncAfter(deadline: .now() + timeout.dispatchInterval, execute: timer)
        }
    }

    /// The deadline passed: a waiting job leaves the queue unrun; a running one is left to
    /// finish, unheard. Returns the 503 to answer with, or nil when the job already answered.
    private func expire(_ job: Job, timeout: Duration) -> APIError? {
        condition.lock(); defer { condition.unlock() }
        switch job.state {
        case .done:
            return nil
        case .queued:
            job.state = .done
            job.timer = nil
            if let i = queue[queueHead...].firstIndex(where: { $0 === job }) { queue.remove(at: i) }
            return APIError(.serviceUnavailable, "the request waited longer than \(timeout) for a render worker; retry shortly")
        case .running:
            return APIError(.serviceUnavailable, "the request took longer than \(timeout); retry shortly")
        }
    }

    private func workLoop(context: Context?, failure: (any Error)?) {
        while true {
            condition.lock()
            while queueHead == queue.count && !stopping { condition.wait() }
            if queueHead == queue.count {  // stopping and drained
                condition.unlock()
                return
            }
            let job = queue[queueHead]
            queueHead += 1
            if queueHead > 64 && queueHead * 2 > queue.count {  // compact without per-job shifting
                queue.removeFirst(queueHead)
                queueHead = 0
            }
            // Expired jobs leave the queue when their timer fires, so this one is still wanted.
            job.state = .running
            running += 1
            condition.unlock()

            job.run(context, failure)

            condition.lock()
            job.state = .done
            running -= 1
            let timer = job.timer
            job.timer = nil  // the timer's closure holds the job: break the cycle
            condition.unlock()
            timer?.cancel()
        }
    }

    /// Lets queued jobs finish, then ends the threads (their contexts are released on them).
    func shutdown() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
        exited.wait()
    }
}

private let deadlineQueue = DispatchQueue(label: "braintutor-deadlines")

extension Duration {
    /// The duration as a dispatch deadline offset (clamped, so an absurd timeout cannot overflow).
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        return .nanoseconds(Int(min(max(nanoseconds, 0), Double(Int.max / 2))))
    }
}

/// A continuation that the worker and the deadline timer race to resume; the first wins.
private final class ResumeOnce<T: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<T, any Error>?>

    init(_ continuation: CheckedContinuation<T, any Error>) { self.continuation = Mutex(continuation) }

    func resume(with result: Result<T, any Error>) {
        continuation.withLock { $0.take() }?.resume(with: result)
    }
}

/// The render workers could not create their GL context (e.g. no OSMesa on this machine).
struct RendererUnavailable: Error, CustomStringConvertible {
    let underlying: (any Error)?
    var description: String {
        "the renderer is not available: " + (underlying.map { String(describing: $0) } ?? "no context")
    }
}
