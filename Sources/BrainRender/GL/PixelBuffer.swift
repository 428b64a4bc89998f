#if canImport(Glibc)
import Glibc
#endif

/// The memory a frame is read back into (and OSMesa's fixed surface), mapped with MAP_POPULATE: the kernel supplies every page in one
/// call, where a fresh heap buffer would take ~750 separate page faults (1024×768) during the
/// first frame's read-back, a few ms of every one-shot render.
final class PixelBuffer {
    let base: UnsafeMutableRawPointer
    let byteCount: Int

    init(byteCount: Int) throws(RenderError) {
        let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0)
        guard let mapped, mapped != MAP_FAILED else {
            throw .contextFailed("cannot map a \(byteCount)-byte colour buffer: \(String(cString: strerror(errno)))")
        }
        base = mapped
        self.byteCount = byteCount
    }

    deinit { munmap(base, byteCount) }
}
