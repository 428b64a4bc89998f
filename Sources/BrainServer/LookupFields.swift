import BrainAtlas
import Synchronization

/// The `where` distance fields built so far, by atlas name, and the one task that builds them; and the
/// regions' JSON pieces the answers are assembled from.
///
/// The fields cost about 90 MB and a second of CPU, so a server that is never asked `where` (and each
/// test server) never builds them: the first look-up starts the task and is answered without them.
/// The JSON pieces take a few milliseconds, written by the first look-up itself.
final class LookupFields: Sendable {
    private struct State {
        var fields: [String: LabelDistanceField] = [:]
        var json: RegionJSONFragments?
        var builder: Task<Void, Never>?
        var cancelled = false
    }
    private let state = Mutex(State())

    /// The fields ready now, and the regions' JSON pieces; the first call starts building the rest of the
    /// fields in the background.
    func current(building library: AtlasLibrary) -> (fields: [String: LabelDistanceField], json: RegionJSONFragments) {
        state.withLock { state in
            if state.builder == nil && !state.cancelled {
                state.builder = Task.detached(priority: .utility) { [self] in build(library) }
            }
            let json = state.json ?? RegionJSONFragments(library)
            state.json = json
            return (state.fields, json)
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
