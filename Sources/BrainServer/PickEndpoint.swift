import BrainRender
import Hummingbird
import Synchronization

/// `/api/pick`: the scene query of a pick parsed once per distinct query, so the repeated picks
/// of a viewer (the same scene, a new pixel each time) read only their `x` and `y`.
///
/// The memo holds only queries that parsed; anything the split cannot vouch for (an escaped or
/// repeated `x`, a value that is not plain digits) takes the full parse, so every error is the
/// full parse's own. The memo is keyed by the scene's query text without `x` and `y`.
final class PickEndpoint: Sendable {
    /// Distinct scene queries kept; past this the memo starts over (a viewer uses a handful).
    static let capacity = 1024

    private let engine: AtlasEngine
    private let answers = PickAnswerJSON()
    private let scenes = Mutex([String: SceneRequest]())

    init(engine: AtlasEngine) { self.engine = engine }

    /// Scene queries in the memo now (what tests check the fast path by).
    var memoised: Int { scenes.withLock { $0.count } }

    func respond(to query: String?) async throws -> Response {
        let (scene, pixel) = try request(query)
        let report = try await engine.renderer.pick(scene, pixel: pixel)
        return HTTPResponses.json(try answers.encode(report))
    }

    /// The scene and the checked pixel of a pick query.
    func request(_ query: String?) throws -> (SceneRequest, Pixel) {
        let split = query.flatMap(PickQuerySplit.init)
        if let split, let scene = scenes.withLock({ $0[split.scene] }) {
            // Checked as the full parse checks it, by the one bounds check.
            return (scene, try Pixel(x: split.x, y: split.y, width: scene.width, height: scene.height))
        }
        let parsed = try Self.parse(query, engine: engine)
        if let split {
            scenes.withLock { memo in
                if memo.count >= Self.capacity { memo.removeAll(keepingCapacity: true) }
                memo[split.scene] = parsed.0
            }
        }
        return parsed
    }

    /// The full parse: the scene through the scene table, then both pixel coordinates.
    static func parse(_ query: String?, engine: AtlasEngine) throws -> (SceneRequest, Pixel) {
        let q = try QueryParameters(rawQuery: query)
        let scene = try q.sceneRequest(engine: engine, extra: ["x", "y"])
        guard let x = try q.int("x", in: Int.min...Int.max), let y = try q.int("y", in: Int.min...Int.max) else {
            throw APIError.badRequest("x and y: both pixel coordinates are required")
        }
        // Checked before anything is drawn, by the one bounds check.
        return (scene, try Pixel(x: x, y: y, width: scene.width, height: scene.height))
    }
}

/// A pick query cut into its scene (every pair but `x` and `y`, in their order) and its pixel, when
/// `x` and `y` each come once, unescaped, as plain decimal integers; nil otherwise.
struct PickQuerySplit: Equatable {
    let scene: String
    let x: Int
    let y: Int

    /// Digits a coordinate may have here: any more could overflow, and are the full parse's to judge.
    static let maximumDigits = 9

    init?(_ query: String) {
        guard query.utf8.count <= QueryParameters.maximumLength else { return nil }
        var scene = ""
        scene.reserveCapacity(query.utf8.count)
        var x: Int?, y: Int?
        // Empty pairs are skipped, as the full parse skips them.
        for pair in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let key = pair.first
            if (key == UInt8(ascii: "x") || key == UInt8(ascii: "y")), pair.count > 1,
               pair[pair.index(after: pair.startIndex)] == UInt8(ascii: "=") {
                guard let value = Self.integer(pair.dropFirst(2)) else { return nil }
                if key == UInt8(ascii: "x") {
                    guard x == nil else { return nil }
                    x = value
                } else {
                    guard y == nil else { return nil }
                    y = value
                }
                continue
            }
            if !scene.isEmpty { scene += "&" }
            scene += String(Substring(pair))
        }
        guard let x, let y else { return nil }
        self.scene = scene
        self.x = x
        self.y = y
    }

    /// An optional `-` and 1…`maximumDigits` ASCII digits.
    private static func integer(_ bytes: Substring.UTF8View.SubSequence) -> Int? {
        var digits = bytes[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= maximumDigits else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }
}
