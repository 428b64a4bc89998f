import BrainAtlas
import Synchronization

/// The `where` distance fields built so far, by atlas name, and the one task that builds them.
///
/// The fields cost about 90 MB and a second of CPU, so a server that is never asked `where` (and each
/// test server) never builds them: the first look-up starts the task and is answered without them.
final class LookupFields: Sendable {
    private struct State {
        var fields: [String: LabelDistanceField] = [:]
        var builder: Task<Void, Never>?
        var cancelled = false
    }
    private let state = Mutex(State())

    /// The fields ready now; the first call starts building the rest in the background.
    func current(building library: AtlasLibrary) -> [String: LabelDistanceField] {
        state.withLock { state in
            if state.builder == nil && !state.cancelled {
                state.builder = Task.detached(priority: .utility) { [self] in build(library) }
            }
            return state.fields
        }
    }

    /// Stops the build at the next atlas (server shutdown).
    func cancel() {
        state.withLock { state in
            state.cancelled = true
            state.builder?.cancel()
        }
    }

    private func build(_ library: AtlasLibrary) {
        for atlas in library.atlases where atlas.hasLabelVolume {
            if Task.isCancelled { return }
            guard let labels = try? atlas.labelVolume() else { continue }
            let field = Lookup.distanceField(labels)
            state.withLock { $0.fields[atlas.name] = field }
        }
    }
}
