import BrainAtlas
import BrainFormats
import BrainRender
import BrainSlice
import BrainMaps
import Foundation
import Logging

/// The server's one engine: the atlas library, the render workers and the scene cache,
/// loaded once and shared by every request. Each endpoint calls the same library function
/// as the matching CLI command, so both give the same answer.
final class AtlasEngine: Sendable {
    let library: AtlasLibrary
    let options: ServerOptions
    let logger: Logger
    let renderer: RenderService
    /// Pixels in flight across renders and slices: admission before either queues for a worker.
    let pixels: PixelBudget
    private let searchIndex: RegionSearchIndex
    /// Each atlas's distance field for `where` (`Lookup.fields`), built in the background from the first
    /// look-up on: until an atlas's is ready its look-ups walk without it, to the same answer.
    private let lookupFields = LookupFields()
    /// Slices are CPU work: they run on their own threads, off the HTTP event loops and
    /// without waiting behind GL jobs.
    private let slicePool: WorkerPool<Slicer>
    /// Cluster tables (`/api/clusters`) are CPU work of up to seconds (cluster-alpha's iterations): they run
    /// here, off the HTTP event loops, at most `clusterWorkers` at a time, with the render queue's bound
    /// and timeout, so a burst of them queues or gets 503 instead of stalling every other request.
    let clusterPool: WorkerPool<Void>
    /// Cluster tables computed at once. One: each may use a core for seconds, and the other requests keep the rest.
    static let clusterWorkers = 1

    init(options: ServerOptions, logger: Logger) throws {
        self.options = options
        self.logger = logger
        var clock = StartupClock(logger: logger)
        let bundled = try AtlasLibrary.open(data: options.dataDirectory)
        library = try options.userAtlas.map { try UserLabelAtlas.adding(image: $0.image, table: $0.table, to: bundled) } ?? bundled
        clock.stage("atlas library opened")
        // The library loads lazily; a server pays that once here instead of in first requests.
        for atlas in library.atlases {
            do {
                _ = try atlas.labelVolume()
                _ = try atlas.texts()
                if atlas.kind == .cortical {
                    _ = try atlas.surfaceLabels(.left)
                    _ = try atlas.surfaceLabels(.right)
                }
            } catch {
                logger.warning("atlas \(atlas.name) not fully loaded at start-up: \(error)")
            }
        }
        clock.stage("label volumes, texts and surface labels loaded")
        searchIndex = RegionSearchIndex(library: library)
        clock.stage("search index built")
        pixels = PixelBudget(capacity: options.pixelBudget, maxWaiting: options.queueCapacity, timeout: options.requestTimeout)
        renderer = try RenderService(library: library, options: options, pixels: pixels, logger: logger)
        clock.stage("render workers started")
        // Slices and scenes share the maps, each read once.
        let slicer = Slicer(library: library, maps: renderer.assets.maps)
        slicePool = WorkerPool(workers: options.workers, queueCapacity: options.queueCapacity,
                                     name: "braintutor-slice") { slicer }
        clusterPool = WorkerPool(workers: Self.clusterWorkers, queueCapacity: options.queueCapacity,
                                 name: "braintutor-clusters") { () }
    }

    func shutdown() {
        renderer.shutdown()
        slicePool.shutdown()
        clusterPool.shutdown()
        lookupFields.cancel()
    }

    /// `braintutor slice … --out FILE.png`: the PNG bytes.
    func slicePNG(_ request: SliceRequest) async throws -> Data {
        try await pixels.withPixels(Self.slicePixels(request)) {
            try await slicePool.run(timeout: options.requestTimeout) { slicer in
                Data(try slicer.render(request).png(dpi: request.dpi, compression: SliceResult.wireCompression))
            }
        }
    }

    /// `braintutor slice … --pick X,Y`: the region under that pixel of the same image.
    func slicePick(_ request: SliceRequest) async throws -> SlicePick {
        try await pixels.withPixels(Self.slicePixels(request)) {
            try await slicePool.run(timeout: options.requestTimeout) { slicer in
                try slicer.pick(request)
            }
        }
    }

    /// A slice's charge against the pixel budget, before it is planned: the template's whole plane
    /// (256 voxels a side) at the request's scale, or at 4, the most the default scale reaches (its
    /// short side of 512 px over a head box of at least 128 voxels), within the image side limit.
    static func slicePixels(_ request: SliceRequest) -> Int {
        let side = min(RequestLimits.maximumImageSide, 256 * (request.scale ?? 4))
        return side * side
    }

    /// A catalog atlas name, or a 404 listing the known ones (requests never name files).
    func checkAtlas(_ typed: String) throws -> String {
        let name = typed.lowercased()  // atlas names in any case, as the CLI takes them
        guard library.atlasNames.contains(name) else {
            throw APIError.notFound("unknown atlas '\(name)'; known: \(library.atlasNames.joined(separator: ", "))")
        }
        return name
    }

    func health() throws -> Data {
        struct Health: Encodable {
            let status: String
            let atlases: Int
            let workers: Int
            let queued: Int
            let rendering: Int
            let cachedScenes: Int
            let cacheHits: Int
            let cacheMisses: Int
            /// The GL backend the render workers draw with (null when none loads).
            let gl: String?
            let memory: MemoryReport
            let pixels: PixelLoad
        }
        struct PixelLoad: Encodable {
            let inFlight: Int
            let budget: Int
            let waiting: Int
            let refused: Int
        }
        let pixelLoad = pixels.load
        let load = renderer.load
        let cache = renderer.cacheStatistics
        return try BrainJSON.encode(Health(status: "ok", atlases: library.atlases.count,
                                           workers: options.workers, queued: load.waiting, rendering: load.running,
                                           cachedScenes: cache.count, cacheHits: cache.hits, cacheMisses: cache.misses,
                                           gl: (try? GLBackend.chosen(options.glBackend))?.rawValue,
                                           memory: MemoryReport(cacheBytes: cache.cost, cacheLimit: options.cacheBytes),
                                           pixels: PixelLoad(inFlight: pixelLoad.inUse, budget: pixels.capacity,
                                                             waiting: pixelLoad.waiting, refused: pixelLoad.refused)))
    }

    /// `braintutor atlases --json`.
    func atlases() throws -> Data {
        try BrainJSON.encode(library.atlasSummaries())
    }

    /// `braintutor regions --atlas A [--hemi H] --json` (the library reads `hemi` as the CLI does).
    func regions(atlas: String, hemi: String?) throws -> Data {
        try BrainJSON.encode(library.regions(atlas: checkAtlas(atlas), hemisphere: hemi))
    }

    /// Regions ranked by `info`'s matching, best first (`/api/search`).
    func search(query: String, atlas: String?, limit: Int) throws -> Data {
        try BrainJSON.encode(searchIndex.search(query, atlas: atlas.map(checkAtlas), limit: limit))
    }

    /// `braintutor info Q [--atlas A] --json`.
    func info(query: String, atlas: String?) throws -> Data {
        try BrainJSON.encode(RegionInfo.lookUp(query, atlas: atlas.map(checkAtlas), in: library))
    }

    /// `braintutor where X Y Z --space S --json`.
    func whereIs(x: Double, y: Double, z: Double, space: String, radius: Double? = nil) throws -> Data {
        guard let space = CoordinateSpace(spelling: space) else {
            throw APIError.badRequest("space: unknown value '\(space)'; expected mni, tal or voxel")
        }
        let (fields, json) = lookupFields.current(building: library)
        let answer = try Lookup(library: library, fields: fields).lookup(SIMD3(x, y, z), space: space, radius: radius)
        return try WhereAnswerJSON.text(answer, fragments: json).map { Data($0.utf8) } ?? BrainJSON.encode(answer)
    }
}

