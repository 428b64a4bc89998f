import BrainAtlas
import BrainRender
import BrainMaps
import Foundation
import Logging

/// One drawn frame, kept in the cache with the PNG of its colour pass and its pick pass (the one
/// its labels and legend were made from), so later renders, render.json and picks of the same
/// scene need no GL. A class: every cached pick takes it from the cache, as one reference.
final class RenderedScene: Sendable {
    let frame: DrawnFrame
    let png: Data
    let index: IndexImage
    /// The pickable triangles by screen tile, so a pick ray-casts the few under its pixel.
    let grid: PickTriangleGrid

    init(frame: DrawnFrame, png: Data, index: IndexImage, grid: PickTriangleGrid) {
        self.frame = frame
        self.png = png
        self.index = index
        self.grid = grid
    }

    var scene: AtlasScene { frame.scene }

    /// The bytes this scene keeps alive beyond the shared meshes: its PNG, its index image and its
    /// triangle grid (the scene itself refers to the shared geometry and adds only colours and a camera).
    var bytes: Int { png.count + index.ids.count * MemoryLayout<UInt32>.size + grid.bytes }
}

/// Draws scenes on the GL worker pool and answers renders and picks from the scene cache.
final class RenderService: Sendable {
    let assets: SceneAssets
    let library: AtlasLibrary
    private let pool: WorkerPool<GLContext>
    private let cache: SceneCache<SceneRequest, RenderedScene>
    private let timeout: Duration
    private let pixels: PixelBudget

    init(library: AtlasLibrary, options: ServerOptions, pixels: PixelBudget, logger: Logger) throws {
        self.pixels = pixels
        self.library = library
        assets = SceneAssets(library: library)
        // Meshes and every atlas's region grouping (border splits above all: a minute in a debug
        // build) are prepared in the background while the server already answers; a request
        // that comes first builds what it needs itself, and SceneAssets keeps it either way.
        Task.detached(priority: .utility) { [assets] in
            let start = ContinuousClock.now
            for mesh in library.catalog.meshes {
                guard let id = mesh.id else { continue }
                do { _ = try assets.mesh(id) } catch {
                    logger.warning("mesh \(mesh.name) not loaded at start-up: \(error)")
                }
            }
            logger.info("start-up (background): meshes loaded in \(StartupClock.seconds(ContinuousClock.now - start))")
            Self.prepareGeometries(assets, library: library, logger: logger)
        }
        timeout = options.requestTimeout
        cache = SceneCache(capacityBytes: options.cacheBytes)
        pool = WorkerPool(workers: options.workers, queueCapacity: options.queueCapacity,
                                name: "braintutor-gl") {
            // Created on the worker thread, which keeps it (and its GL state) for its whole life;
            // the warm-up links the shaders and builds llvmpipe's variants now, so a missing
            // shader fails at start-up and the first request does not pay ~20 ms for them.
            let context = try GLContext(width: 1024, height: 768, backend: options.glBackend)
            try context.warmUp([.color(.lit), .color(.flat), .pick], width: 1024, height: 768)
            return context
        }
    }

    /// Groups every atlas's triangles by region once (the scene builder's per-atlas step), so
    /// the first view of an atlas costs a draw, not a regrouping of the meshes.
    private static func prepareGeometries(_ assets: SceneAssets, library: AtlasLibrary, logger: Logger) {
        let start = ContinuousClock.now
        for atlas in library.atlases {
            do {
                if atlas.kind == .cortical {
                    for mesh in MeshID.cortexMeshes { _ = try assets.geometry(mesh: mesh, atlas: atlas) }
                } else if atlas.name == "subcortical" {
                    _ = try assets.geometry(mesh: .subcortical, atlas: atlas)
                }
            } catch {
                logger.warning("atlas \(atlas.name): surfaces not prepared at start-up: \(error)")
            }
        }
        logger.info("start-up (background): surfaces prepared in \(StartupClock.seconds(ContinuousClock.now - start))")
    }

    var load: (waiting: Int, running: Int) { pool.load }
    var cacheStatistics: (count: Int, cost: Int, hits: Int, misses: Int) { cache.statistics }

    func shutdown() { pool.shutdown() }

    /// The frame for `request`, drawn once (each pass once) and then served from the cache.
    func scene(_ request: SceneRequest) async throws -> RenderedScene {
        let assets = self.assets
        let pool = self.pool
        let timeout = self.timeout
        let pixels = self.pixels
        return try await cache.scene(for: request, cost: \.bytes) {
            // Only a scene to draw takes room in the budget; one in the cache or being drawn takes none.
            try await pixels.withPixels(request.drawnPixels) {
                try await pool.run(timeout: timeout) { context in
                    // Synchronous from here on: the context is current on this thread only.
                    var frame = try DrawnFrame(try AtlasScene.build(request, assets: assets), context: context)
                    let png = Data(try frame.png(context: context))
                    let index = try frame.indexImage(context: context)
                    // Everything the cache keeps is made: an idle worker need not hold a large render's buffers.
                    try context.releaseLargeBuffers()
                    return RenderedScene(frame: frame, png: png, index: index, grid: PickTriangleGrid(frame.scene))
                }
            }
        }
    }

    func renderPNG(_ request: SceneRequest) async throws -> Data {
        try await scene(request).png
    }

    /// `render --json`'s report (no output file).
    func renderReport(_ request: SceneRequest) async throws -> RenderReport {
        let drawn = try await scene(request)
        return RenderReport(scene: drawn.scene, index: drawn.index, out: nil)
    }

    /// `pick X Y --json`: a read of the cached index image plus a ray cast over the picked region's
    /// triangles under the pixel.
    func pick(_ request: SceneRequest, pixel: Pixel) async throws -> PickReport {
        let drawn = try await scene(request)
        return try drawn.scene.pickReport(index: drawn.index, pixel: pixel, library: library, grid: drawn.grid)
    }
}
