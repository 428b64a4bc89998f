import BrainAtlas

/// The one label a cluster table gives a peak: the most specific atlas region that contains it.
public enum SummaryLabel {
    /// Deep structures and the cerebellum first (a region there is the answer even beside the cortex), then the
    /// cortex's gyri, then tissue (white matter, ventricles); the finer cortical atlases stay in the share table.
    public static let defaultOrder = ["subcortical", "gyri", "tissue"]

    /// The first atlas of `order` whose region contains the point ("Amygdala (left) [subcortical]"), else the
    /// nearest region of the first cortical atlas in `order` ("near …, 2.2 mm [gyri]"), else nil.
    public static func text(_ maximum: ClusterReport.Maximum, order: [String]) -> String? {
        for atlas in order {
            if let answer = maximum.atlases, answer.atlases.contains(where: { $0.name == atlas && $0.region != nil }) {
                return maximum.regionText(atlas: atlas)
            }
        }
        for atlas in order {
            if let near = maximum.regionText(atlas: atlas) { return near }
        }
        return nil
    }
}
