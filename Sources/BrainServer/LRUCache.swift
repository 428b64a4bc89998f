import Synchronization

/// A thread-safe least-recently-used cache bounded by a total cost (e.g. bytes).
final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var entries: [Key: (value: Value, cost: Int, tick: UInt64)] = [:]
        var totalCost = 0
        var tick: UInt64 = 0
        var hits = 0
        var misses = 0
    }

    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func value(for key: Key) -> Value? {
        state.withLock { state in
            // One hash of the key for the look-up and the refresh (a hit is every cached pick).
            guard let index = state.entries.index(forKey: key) else { state.misses += 1; return nil }
            state.tick += 1
            state.entries.values[index].tick = state.tick
            state.hits += 1
            return state.entries.values[index].value
        }
    }

    /// The value without counting a hit or a miss or refreshing its age.
    func peek(_ key: Key) -> Value? {
        state.withLock { $0.entries[key]?.value }
    }

    /// Stores `value`; a value costing more than the whole capacity is not kept, since it
    /// would flush every other entry and then be the next to go.
    func insert(_ value: Value, for key: Key, cost: Int) {
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.totalCost -= old.cost }
            guard cost <= capacity else { return }
            state.tick += 1
            state.entries[key] = (value, cost, state.tick)
            state.totalCost += cost
            // Linear scan for the oldest: the cache holds tens of scenes, and eviction is
            // rare next to a render, so a linked list would buy nothing measurable.
            while state.totalCost > capacity, state.entries.count > 1,
                  let oldest = state.entries.min(by: { $0.value.tick < $1.value.tick }) {
                state.totalCost -= oldest.value.cost
                state.entries[oldest.key] = nil
            }
        }
    }

    var statistics: (count: Int, cost: Int, hits: Int, misses: Int) {
        state.withLock { ($0.entries.count, $0.totalCost, $0.hits, $0.misses) }
    }
}
