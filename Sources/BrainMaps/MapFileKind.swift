import BrainFormats
import Foundation

/// Which kind of statistical map a path names: values on a mesh's vertices (SMP) or a volume.
public enum MapFileKind {
    /// True for `.smp` (and `.smp.gz`, as the format registry reads extensions, so a compressed SMP is never taken
    /// for a volume map), GIFTI, MGH and FreeSurfer curv-format files (`SurfaceMapFile`).
    public static func isSurfaceMap(_ path: String) -> Bool {
        SurfaceMapFile.isSurfaceMap(path)
    }
}
