import Hummingbird

/// One HTTP endpoint: its path pattern, query parameters and answer, as docs/SERVER.md lists it.
/// Routes are registered only through these values, and a test keeps the router, this list and
/// the docs equal.
struct Endpoint: Sendable {
    /// The router's pattern: `{name}` is a path segment the handler reads.
    let path: String
    /// The query keys and their defaults, in the docs' words ("–": none).
    let parameters: String
    /// What it answers, one line.
    let answer: String

    var routerPath: RouterPath { RouterPath(stringLiteral: path) }
    /// Every endpoint answers GET, and HEAD with the same headers (`Router+ReadOnly`).
    static let methods = "GET, HEAD"
}

extension Endpoint {
    static let health = Endpoint(path: "/healthz", parameters: "–", answer: #"`{status, atlases, workers, queued, rendering, cachedScenes, cacheHits, cacheMisses, gl, memory, pixels}` (`gl`: `osmesa` or `egl`; `memory`: `{residentBytes, cacheBytes, cacheLimitBytes}`; `pixels`: `{inFlight, budget, waiting, refused}`, the pixel budget)"#)
    static let atlases = Endpoint(path: "/api/atlases", parameters: "–", answer: "`braintutor atlases`")
    static let regions = Endpoint(path: "/api/regions", parameters: "`atlas` (`gyri`), `hemi` (all; `left`, `right`, `both`, `none`, `lh`, `rh`)",
                                  answer: "`braintutor regions`: region objects")
    static let info = Endpoint(path: "/api/info", parameters: "`q` (required), `atlas` (any)",
                               answer: "`braintutor info`: `{region: {… text, synonyms, volumeMl, centroidMni, anchorMni}, alternatives, concept?}`")
    static let search = Endpoint(path: "/api/search", parameters: "`q` (required), `atlas` (any), `limit` (50, 1…500)",
                                 answer: #"`{query, atlas, regions: [region + match: best\|homologue\|alternative + score], suggestions}`, ranked by `info`'s matching; no match is 200 with `regions: []`"#)
    static let whereIs = Endpoint(path: "/api/where", parameters: "`x`, `y`, `z` (required), `space` (`mni`; `tal`, `voxel`), `radius` (mm, 0…50)",
                                  answer: "`braintutor where --json`: per atlas the region with the answer's own `provenance` and its `border` (`{region, distanceMm}` or null), `nearest`, `disagreement`, `caveats`; with `radius`, `within` (per atlas every region within it, nearest first)")
    static let render = Endpoint(path: "/api/render", parameters: "scene (below)", answer: "`image/png`, as `braintutor render`")
    static let renderJSON = Endpoint(path: "/api/render.json", parameters: "scene",
                                     answer: "`braintutor render --json` without `out`: `{size, view, hemi, regions: [region + pixels, centroid, bbox]}`")
    static let pick = Endpoint(path: "/api/pick", parameters: "scene + `x`, `y` (required, pixels from the top-left)",
                               answer: #"`braintutor pick`: `{x, y, region: region + text \| null, mni, vertex, surface}`"#)
    static let quiz = Endpoint(path: "/api/quiz", parameters: "quiz (below)",
                               answer: "`{atlas, mode, seed, hemi, count, size, minPixels, questions: [{number, answer, distractors, choices, view: {name, hemi, surface, azimuth, elevation}, pixels, anchorMni}]}`: the same query gives the same bytes; answers show at least `minPixels` in their view at `size` (as render.json reports); `count` is the number of questions, fewer than asked when fewer regions are visible")
    static let scene = Endpoint(path: "/api/scene", parameters: "scene",
                                answer: "the scene for a client to draw: `contractVersion` (the renderer contract the viewer must follow), layers (data URLs, range colours and regions, pick ids) and the camera of each preset view")
    static let mesh = Endpoint(path: "/api/mesh/{name}", parameters: "`v` (the version the scene's URL names)",
                               answer: "binary: a mesh (docs/VIEWER.md); gzip, `ETag`, cached a week")
    static let labels = Endpoint(path: "/api/labels/{atlas}/{mesh}", parameters: "`v`",
                                 answer: "binary: a mesh's region ids and drawing order (docs/VIEWER.md); gzip, `ETag`, cached a week")
    static let shaders = Endpoint(path: "/shaders/{file}", parameters: "`v`",
                                  answer: "`Shaders/lit.vert`, `lit.frag`, `pick.vert`, `pick.frag`, `plane.vert`, `plane.frag` as they are")
    static let volumeTemplate = Endpoint(path: "/api/volume/template", parameters: "`step` (`1`; `2`), `v`",
                                         answer: #"binary: the template grey over the head's box, whole (1 mm) or coarse (2 mm), from which the viewer cuts the 3D slices' planes (docs/VIEWER.md, "3D slices"); gzip, cached a week"#)
    static let volumeLabels = Endpoint(path: "/api/volume/labels/{atlas}", parameters: "`step` (`1`; `2`), `v`",
                                       answer: "binary: an atlas's label ids over the same box and grid as the template volume; gzip, cached a week")
    static let planePalette = Endpoint(path: "/api/plane-palette/{atlas}", parameters: "`v`",
                                       answer: "binary: the region colours the planes are drawn in (normal, highlighted, others dimmed)")
    static let maps = Endpoint(path: "/api/maps", parameters: "–",
                               answer: #"`{maps: […]}`: the maps of `serve --map NAME=FILE`, their display defaults and value URLs (docs/VIEWER.md, "Statistical maps")"#)
    static let mapValues = Endpoint(path: "/api/map-values/{name}/{mesh}", parameters: "`threshold`, `twoSided`, `clusterMin` (the map's defaults), `v`",
                                    answer: "binary: the map sampled onto the vertices of a cortex mesh; revalidated by `ETag`")
    static let mapValue = Endpoint(path: "/api/map-value/{name}", parameters: "`x`, `y`, `z` (MNI mm) or `mesh`, `vertex`; `threshold`, `twoSided`, `clusterMin`",
                                   answer: "`{value}`: the map at that point (trilinear, rounded to 1e-4 as `pick` reports it), after the cluster removal the display keys ask for; at a vertex, at its pial position")
    static let clusters = Endpoint(path: "/api/clusters/{name}",
                                   parameters: "the map options of `braintutor clusters` under their query keys: `threshold`, `p`, `bonferroni`, `q`, `df`, `twoSided`, `minSize`, `map`, `atlases`, `clusterAlpha`, `fwhm`, `clusterIterations`, `clusterSeed`, `space`, `connectivity` (the same defaults)",
                                   answer: "`braintutor clusters FILE --json` for the volume map `serve --map NAME=FILE` named: `{map, space, threshold, thresholdMethod, …, clusters: [{id, sign, voxels, sizeMm3, centreOfMass, label, peak, maxima, regions}]}` (docs/MAPS.md); a name not among the maps is a 404, a surface map a 400")
    static let slice = Endpoint(path: "/api/slice", parameters: "slice (below)", answer: "`image/png`, as `braintutor slice`")
    static let slicePick = Endpoint(path: "/api/slice/pick", parameters: "the `/api/slice` parameters plus `x`, `y` (output pixel from the top-left)",
                                    answer: "`{x, y, region, mni, plane}` as `braintutor slice … --pick X,Y --json`: the region (as `/api/where` gives it, or null) under that pixel of exactly the image `/api/slice` draws with the same parameters (crop, scale, caption and legend bands), and the voxel's MNI point; a pixel on a band, the caption or the legend, or outside the image, is a 400 naming `x/y`")

    /// Every API endpoint, in the docs' order (the viewer's own files are served besides them).
    static let all: [Endpoint] = [
        health, atlases, regions, info, search, whereIs, render, renderJSON, pick, quiz, scene, mesh, labels, shaders,
        volumeTemplate, volumeLabels, planePalette, maps, mapValues, mapValue, clusters, slice, slicePick,
    ]

    /// The rows of docs/SERVER.md's endpoint table.
    static var markdownRows: [String] {
        ["| method | endpoint | parameters (default) | answer (as the CLI's `--json`) |", "|---|---|---|---|"]
            + all.map { "| \(methods) | `\($0.path)` | \($0.parameters) | \($0.answer) |" }
    }
}
