import Testing
@testable import BrainServer

@Suite struct CacheTests {
    @Test func evictsTheLeastRecentlyUsedEntryByCost() {
        let cache = LRUCache<String, Int>(capacity: 30)
        cache.insert(1, for: "a", cost: 10)
        cache.insert(2, for: "b", cost: 10)
        cache.insert(3, for: "c", cost: 10)
        #expect(cache.value(for: "a") == 1)       // a is now the most recent
        cache.insert(4, for: "d", cost: 10)       // over capacity: b (oldest) goes
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "a") == 1)
        #expect(cache.value(for: "c") == 3)
        #expect(cache.value(for: "d") == 4)
        #expect(cache.statistics.cost == 30)
    }

    @Test func concurrentRequestsForOneSceneRenderItOnce() async throws {
        let cache = SceneCache<Int, Int>(capacityBytes: 1000)
        let renders = Counter()
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await cache.scene(for: 42, cost: 1) {
                        renders.increment()
                        try await Task.sleep(for: .milliseconds(20))
                        return 99
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values == Array(repeating: 99, count: 20))
        #expect(renders.value == 1)
    }

    @Test func failedRendersAreNotCached() async throws {
        struct Busy: Error {}
        let cache = SceneCache<Int, Int>(capacityBytes: 1000)
        await #expect(throws: Busy.self) { try await cache.scene(for: 1, cost: 1) { throw Busy() } }
        let value = try await cache.scene(for: 1, cost: 1) { 5 }
        #expect(value == 5)
    }
}
