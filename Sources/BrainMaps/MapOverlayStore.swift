import Foundation
import Synchronization

/// Maps read once and shared: each volume map is read from its file on first use and kept, and the
/// last few overlays made from them (thresholded, small clusters removed) too, so a report's
/// pictures or a server's requests neither read nor threshold the same map twice.
public final class MapOverlayStore: Sendable {
    /// Overlays kept, most recently used first: each holds a copy of its map's values, so a
    /// server asked for many thresholds keeps a bounded number.
    public static let keptOverlays = 8

    private struct VolumeKey: Hashable {
        let path: String
        let map: String?
    }

    private struct State {
        var volumes: [VolumeKey: MapVolume] = [:]
        var overlays: [(options: OverlayOptions, overlay: MapOverlay)] = []
        var fileReads = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Keeps `volume`, read from map `map` of `file` by its caller, so overlays of it do not read the file again.
    public func add(_ volume: MapVolume, file: String, map: String?) {
        let key = VolumeKey(path: URL(fileURLWithPath: file).path, map: map)
        state.withLock { $0.volumes[key] = volume }
    }

    /// The overlay `options` describe (`MapOverlay.load`), made once and kept among the latest.
    public func overlay(_ options: OverlayOptions) throws -> MapOverlay {
        let kept: MapOverlay? = state.withLock { state in
            guard let i = state.overlays.firstIndex(where: { $0.options == options }) else { return nil }
            let entry = state.overlays.remove(at: i)
            state.overlays.insert(entry, at: 0)
            return entry.overlay
        }
        if let kept { return kept }
        let made = try MapOverlay.load(options) { url, map in try self.volume(url, map: map) }
        state.withLock { state in
            // A surface map is read with its overlay (volume maps are read by `volume`).
            if made.surfaceValues != nil { state.fileReads += 1 }
            state.overlays.removeAll { $0.options == options }
            state.overlays.insert((options, made), at: 0)
            if state.overlays.count > Self.keptOverlays { state.overlays.removeLast(state.overlays.count - Self.keptOverlays) }
        }
        return made
    }

    /// How many times a map was read from its file (what `add` and the kept maps saved).
    public var fileReads: Int { state.withLock { $0.fileReads } }

    private func volume(_ url: URL, map: String?) throws -> MapVolume {
        let key = VolumeKey(path: url.path, map: map)
        if let kept = state.withLock({ $0.volumes[key] }) { return kept }
        let read = try MapVolume.load(url, map: map)
        state.withLock { state in
            state.volumes[key] = read
            state.fileReads += 1
        }
        return read
    }
}
