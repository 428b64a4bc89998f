import BrainAtlas

extension SceneAssets {
    /// One plane of the slicing mode for clients that draw planes themselves (the web viewer's
    /// plane data), cut as `render --planes` cuts it, so its grey and ids are the renderer's texel
    /// for texel: `orientation` at `position` (whole MNI mm, as `ScenePlanes` snaps it) with the
    /// ids of `atlas`; nil when the plane misses the head. The palette is left empty.
    public func planeSection(_ orientation: ScenePlanes.Orientation, at position: Int, atlas: Atlas) throws -> PlaneSection? {
        let labels = atlas.hasLabelVolume ? try atlas.labelVolume() : nil
        return PlaneSectionBuilder.section(orientation, at: position, template: try templateVolume(), labels: labels,
                                           palette: PlanePalette(idCount: 1) { _ in nil })
    }
}
