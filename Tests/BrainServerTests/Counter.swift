import Synchronization

/// A shareable counter for closures that run on other threads (`Atomic` itself cannot be captured).
final class Counter: Sendable {
    private let storage = Atomic<Int>(0)
    @discardableResult func increment() -> Int { storage.add(1, ordering: .relaxed).newValue }
    var value: Int { storage.load(ordering: .relaxed) }
}
