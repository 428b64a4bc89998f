import Synchronization

/// Rendered scenes by request: finished scenes in an LRU, scenes being drawn in a separate
/// in-flight map, so concurrent requests for one scene share one render and a render that
/// fails (queue full, timeout) never takes room in the LRU or evicts a finished scene.
final class SceneCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Flight {
        let serial: UInt64
        let task: Task<Value, any Error>
    }

    private struct InFlight {
        var tasks: [Key: Flight] = [:]
        var serial: UInt64 = 0
        /// Requests that joined a render already in flight (a count tests wait on).
        var joined = 0
    }

    private enum Found { case done(Value), waiting(Task<Value, any Error>) }

    private let cache: LRUCache<Key, Value>
    private let inFlight = Mutex(InFlight())

    init(capacityBytes: Int) { cache = LRUCache(capacity: capacityBytes) }

    /// The cached value for `key`, or `render`'s, kept at `cost(value)` bytes (what it really holds).
    func scene(for key: Key, cost: @escaping @Sendable (Value) -> Int,
               render: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let scene = cache.value(for: key) { return scene }
        let found: Found = self.inFlight.withLock { state in
            if let flight = state.tasks[key] {
                state.joined += 1
                return .waiting(flight.task)
            }
            // A render finishing between the miss above and this lock has already moved its
            // scene to the LRU (it inserts before it leaves the map), so look once more.
            if let scene = self.cache.peek(key) { return .done(scene) }
            state.serial += 1
            let serial = state.serial
            let task = Task { [self] in
                // The task, not a waiter, files the result: it happens once even if every
                // waiter has gone away.
                defer {
                    self.inFlight.withLock { state in
                        // Only our own entry: a newer render for the key may have replaced it.
                        if state.tasks[key]?.serial == serial { state.tasks[key] = nil }
                    }
                }
                let scene = try await render()
                self.cache.insert(scene, for: key, cost: cost(scene))
                return scene
            }
            state.tasks[key] = Flight(serial: serial, task: task)
            return .waiting(task)
        }
        switch found {
        case .done(let scene): return scene
        case .waiting(let task): return try await task.value
        }
    }

    /// The same with a cost known before the value is (tests, fixed-size values).
    func scene(for key: Key, cost: Int, render: @escaping @Sendable () async throws -> Value) async throws -> Value {
        try await scene(for: key, cost: { _ in cost }, render: render)
    }

    /// Scenes being drawn right now.
    var inFlightCount: Int { inFlight.withLock { $0.tasks.count } }

    /// Requests so far that shared a render already in flight instead of starting one.
    var joinedCount: Int { inFlight.withLock { $0.joined } }

    var statistics: (count: Int, cost: Int, hits: Int, misses: Int) { cache.statistics }
}
