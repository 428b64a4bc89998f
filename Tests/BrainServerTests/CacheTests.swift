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
                        // In flight until all 19 other requests have joined it.
                        try await waitUntil("the other 19 requests joined") { cache.joinedCount == 19 }
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

    @Test func aBurstOfFailedRendersKeepsCachedScenes() async throws {
        struct QueueFull: Error {}
        // Room for the cached scene and one more, not for both plus a failing one.
        let cache = SceneCache<Int, Int>(capacityBytes: 10)
        #expect(try await cache.scene(for: 1, cost: 5) { 11 } == 11)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for key in 2..<30 {
                group.addTask {
                    _ = try? await cache.scene(for: key, cost: 8) {
                        try await Task.sleep(for: .milliseconds(5))
                        throw QueueFull()
                    }
                }
            }
            try await group.waitForAll()
        }
        let rendered = Counter()
        #expect(try await cache.scene(for: 1, cost: 5) { rendered.increment(); return 0 } == 11)
        #expect(rendered.value == 0)  // still cached: no render
        #expect(cache.statistics.count == 1)
        #expect(cache.inFlightCount == 0)
    }

    @Test func aSceneLargerThanTheCacheIsServedButNotKept() async throws {
        let cache = SceneCache<Int, Int>(capacityBytes: 10)
        _ = try await cache.scene(for: 1, cost: 6) { 1 }
        #expect(try await cache.scene(for: 2, cost: 50) { 2 } == 2)
        #expect(cache.statistics.count == 1)
        let rendered = Counter()
        _ = try await cache.scene(for: 1, cost: 6) { rendered.increment(); return 1 }
        #expect(rendered.value == 0)
    }

    @Test func waitersShareOneInFlightRenderEvenAfterItFails() async throws {
        struct Busy: Error {}
        let cache = SceneCache<Int, Int>(capacityBytes: 100)
        let renders = Counter()
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    (try? await cache.scene(for: 7, cost: 1) {
                        renders.increment()
                        try await waitUntil("the other 9 requests joined") { cache.joinedCount == 9 }
                        throw Busy()
                    }) != nil
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(renders.value == 1 && results.allSatisfy { !$0 })
        #expect(cache.inFlightCount == 0 && cache.statistics.count == 0)
        #expect(try await cache.scene(for: 7, cost: 1) { 3 } == 3)  // the failure did not stick
    }
}

