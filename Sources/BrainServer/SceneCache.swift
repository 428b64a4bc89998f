/// Rendered scenes by their parameters, shared by `/api/render`, `/api/render.json` and
/// `/api/pick`, so a repeated view or a pick in a seen scene costs no GL work.
///
/// Holds the rendering *task*, not just its result, so concurrent requests for the same new
/// scene wait for one render instead of each drawing it.
final class SceneCache<Key: Hashable & Sendable, Scene: Sendable>: Sendable {
    private let cache: LRUCache<Key, Task<Scene, any Error>>

    init(capacityBytes: Int) { cache = LRUCache(capacity: capacityBytes) }

    func scene(for key: Key, cost: Int,
               render: @escaping @Sendable () async throws -> Scene) async throws -> Scene {
        if let task = cache.value(for: key) { return try await task.value }
        let task = Task { try await render() }
        cache.insert(task, for: key, cost: cost)
        do {
            return try await task.value
        } catch {
            cache.removeValue(for: key)  // failures (queue full, timeouts) must not stick
            throw error
        }
    }

    var statistics: (count: Int, cost: Int, hits: Int, misses: Int) { cache.statistics }
}
