import Foundation

/// A fixed set of threads, each creating and owning one `Context` (a GL context) for its
/// whole life; async callers hand jobs over through continuations.
///
/// GL contexts are current per thread, so a context must never meet an `await`: each job
/// runs start to finish synchronously on the thread that made the context. The queue is
/// bounded so overload is answered at once (503) instead of piling up latency, and a job
/// whose deadline passed while it waited is dropped without doing any GL work.
final class RenderWorkerPool<Context>: @unchecked Sendable {
    // @unchecked: all mutable state below is guarded by `condition`.
    private struct Job {
        let deadline: ContinuousClock.Instant
        let run: (Context?, (any Error)?) -> Void
        let expire: () -> Void
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

    /// Runs `body` on a worker with that worker's context.
    /// Throws a 503 `APIError` when the queue is full or the job waited past `timeout`.
    func run<T: Sendable>(timeout: Duration,
                          _ body: @escaping @Sendable (Context) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let job = Job(
                deadline: .now + timeout,
                run: { context, failure in
                    if let context {
                        continuation.resume(with: Result { try body(context) })
                    } else {
                        continuation.resume(throwing: RendererUnavailable(underlying: failure))
                    }
                },
                expire: {
                    continuation.resume(throwing: APIError(.serviceUnavailable,
                        "the request waited longer than \(timeout) for a render worker; retry shortly"))
                })
            condition.lock()
            if stopping {
                condition.unlock()
                continuation.resume(throwing: APIError(.serviceUnavailable, "the server is shutting down"))
                return
            }
            if queue.count - queueHead >= queueCapacity {
                condition.unlock()
                continuation.resume(throwing: APIError(.serviceUnavailable,
                    "render queue full (\(queueCapacity) jobs waiting); retry shortly"))
                return
            }
            queue.append(job)
            condition.signal()
            condition.unlock()
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
            running += 1
            condition.unlock()

            if ContinuousClock.now > job.deadline { job.expire() } else { job.run(context, failure) }

            condition.lock()
            running -= 1
            condition.unlock()
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

/// The render workers could not create their GL context (e.g. no OSMesa on this machine).
struct RendererUnavailable: Error, CustomStringConvertible {
    let underlying: (any Error)?
    var description: String {
        "the renderer is not available: " + (underlying.map { String(describing: $0) } ?? "no context")
    }
}
