/// Numbers the undirected edges of a mesh in the order they are first added: (a, b) and (b, a)
/// are one edge. An open-addressed table on the packed vertex pair, because splitting a cortex's
/// borders looks up tens of thousands of edges and a `Dictionary` of a hashable pair spent most of
/// that time seeding and running its per-process hasher (a one-shot `pick` builds two of them).
struct EdgeIndex {
    private var keys: [UInt64]
    private var slots: [Int32]
    private var mask: Int
    /// The edges' vertices, lower index first, in the order they were added.
    private(set) var ends: [(low: UInt32, high: UInt32)] = []

    private static let empty = UInt64.max

    /// `expected`: about how many edges will be added (the table grows past it).
    init(expected: Int = 0) {
        var capacity = 16
        while capacity < 2 * expected { capacity *= 2 }
        keys = [UInt64](repeating: Self.empty, count: capacity)
        slots = [Int32](repeating: -1, count: capacity)
        mask = capacity - 1
        ends.reserveCapacity(expected)
    }

    var count: Int { ends.count }

    private static func key(_ a: UInt32, _ b: UInt32) -> UInt64 {
        UInt64(min(a, b)) << 32 | UInt64(max(a, b))
    }

    /// Fibonacci hashing spreads neighbouring vertex pairs over the table.
    private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The number of edge (a, b), nil when it was never added.
    func index(_ a: UInt32, _ b: UInt32) -> Int? {
        let key = Self.key(a, b)
        var i = home(key)
        while keys[i] != Self.empty {
            if keys[i] == key { return Int(slots[i]) }
            i = (i + 1) & mask
        }
        return nil
    }

    /// The number of edge (a, b), adding it when new.
    mutating func insert(_ a: UInt32, _ b: UInt32) -> Int {
        let key = Self.key(a, b)
        var i = home(key)
        while keys[i] != Self.empty {
            if keys[i] == key { return Int(slots[i]) }
            i = (i + 1) & mask
        }
        let n = ends.count
        keys[i] = key
        slots[i] = Int32(n)
        ends.append((min(a, b), max(a, b)))
        if 2 * ends.count > keys.count { grow() }
        return n
    }

    private mutating func grow() {
        let old = keys
        let oldSlots = slots
        keys = [UInt64](repeating: Self.empty, count: old.count * 2)
        slots = [Int32](repeating: -1, count: old.count * 2)
        mask = keys.count - 1
        for (key, slot) in zip(old, oldSlots) where key != Self.empty {
            var i = home(key)
            while keys[i] != Self.empty { i = (i + 1) & mask }
            keys[i] = key
            slots[i] = slot
        }
    }
}
