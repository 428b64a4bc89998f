import BrainFormats
import Foundation

/// Which kind of statistical map a path names: values on a mesh's vertices (SMP) or a volume.
public enum MapFileKind {
    /// True for `.smp` and `.smp.gz` in any case: the format's extension, as the format registry reads it,
    /// so a compressed SMP is never taken for a volume map.
    public static func isSurfaceMap(_ path: String) -> Bool {
        FormatRegistry.formatExtension(of: URL(fileURLWithPath: path)) == FileFormat.smp.extensions.first
    }
}
