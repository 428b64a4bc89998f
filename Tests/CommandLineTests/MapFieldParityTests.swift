import Foundation
import Testing
@testable import BrainServer
import BrainAtlas
import BrainMaps

/// The map options of `clusters`, `report` and `glass` are one field table
/// (`MapClusterRequest.listingFields`): the command line and a query read the same texts into the
/// same request, show the same default and refuse a bad value with the same words, each naming
/// the field its own way (`--min-size`, `minSize`). Every field of the table has a case here.
@Suite struct MapFieldParityTests {
    static let map = CLIRun.repository.appendingPathComponent("Tests/Fixtures/maps/blob_mni_2mm.nii.gz").path
    static let table = MapClusterRequest.listingFields
    static let long = String(repeating: "a", count: 201)

    /// Options after the map file, the field the error names, and its problem with other fields
    /// written `{key}` (each front end spells them too).
    static let refusals: [(arguments: [String], field: String, problem: String)] = [
        ([], "threshold", "give a value T, or {p} P (with {bonferroni} for a corrected one) or {q} Q"),
        (["--threshold", "0"], "threshold", "'0' must be > 0 (negative clusters: add {twoSided})"),
        (["--threshold", "-2.5"], "threshold", "'-2.5' must be > 0 (negative clusters: add {twoSided})"),
        (["--threshold", "abc"], "threshold", "'abc' is not a finite number"),
        (["--threshold", "3", "--q", "0.05"], "threshold", "give one of {threshold}, {p} and {q}, not several"),
        (["--p", "1.5"], "p", "'1.5' must lie between 0 and 1"),
        (["--q", "0"], "q", "'0' must lie between 0 and 1"),
        (["--threshold", "3", "--bonferroni"], "bonferroni", "corrects a {p} value; give {p}"),
        (["--p", "0.01", "--bonferroni=maybe"], "bonferroni", "'maybe' is not true or false"),
        (["--p", "0.01", "--df", "0"], "df", "'0' needs degrees of freedom > 0"),
        (["--p", "0.01", "--df", "1,2,3"], "df", "'1,2,3' is not N[,DF2] (one to two numbers)"),
        (["--threshold", "3", "--two-sided=sometimes"], "twoSided", "'sometimes' is not true or false"),
        (["--threshold", "3", "--min-size", "-1"], "minSize", "'-1' is not within 0…1000000000"),
        (["--threshold", "3", "--map", " "], "map", "is empty (an empty query names no region)"),
        (["--threshold", "3", "--atlases", long], "atlases",
         "'\(FieldError.echo(long))' is longer than \(RequestLimits.maximumQueryLength) characters"),
        (["--threshold", "3", "--cluster-alpha", "1"], "clusterAlpha", "'1' must lie between 0 and 1"),
        (["--threshold", "3", "--fwhm", "6"], "fwhm", "sets the smoothness for {clusterAlpha}; give {clusterAlpha} too"),
        (["--threshold", "3", "--cluster-alpha", "0.05", "--fwhm", "6,6"], "fwhm", "'6,6' is not F or FX,FY,FZ in mm between 0 and 100"),
        (["--threshold", "3", "--cluster-alpha", "0.05", "--cluster-iterations", "99"], "clusterIterations", "'99' is not within 100…100000"),
        (["--threshold", "3", "--cluster-alpha", "0.01", "--cluster-iterations", "100"], "clusterIterations",
         "'100' leaves fewer than 5 fields above the size at alpha 0.01; give at least 500"),
        (["--threshold", "3", "--cluster-alpha", "0.05", "--cluster-seed", "1.5"], "clusterSeed", "'1.5' is not a whole number"),
        (["--threshold", "3", "--space", "voxel"], "space", "'voxel' is not mni or tal (clusters are listed in millimetres)"),
        (["--threshold", "3", "--connectivity", "8"], "connectivity", "'8' is not 6, 18 or 26"),
        (["--threshold", "3", "--vmr", ""], "vmr", "'' is not a usable file name"),
        (["--threshold", "3", "--tal", ""], "tal", "'' is not a usable file name"),
    ]

    /// `problem` with its `{key}` fields spelled by `spelling`.
    static func spelled(_ problem: String, _ spelling: (String) -> String) -> String {
        FieldError("f", problem).message(spelling: spelling).dropFirst("f: ".count).description
    }

    /// The query a command line's table options become: each field's query key with the same text.
    static func query(_ arguments: [String]) throws -> [String: String] {
        let (given, _) = try table.readCommandLine(arguments)
        var query: [String: String] = [:]
        for (key, text) in given {
            guard let name = table.field(key: key)?.query else { continue }
            query[name] = text
        }
        return query
    }

    @Test func everyFieldHasARefusal() {
        let covered = Set(Self.refusals.map(\.field))
        #expect(covered == Set(Self.table.fields.map(\.key)), "without a case: \(Set(Self.table.fields.map(\.key)).subtracting(covered))")
    }

    @Test(arguments: 0..<refusals.count) func bothSpellingsRefuseAlike(_ index: Int) throws {
        let c = Self.refusals[index]
        let field = try #require(Self.table.field(key: c.field))
        let cliName = try #require(field.cli)
        let run = try CLIRun.run(["clusters", Self.map] + c.arguments)
        #expect(run.status == 1, "\(c.arguments): \(run.stderr)")
        let cliSpelling = { (key: String) in Self.table.field(key: key)?.cli ?? key }
        #expect(run.errorMessage == "\(cliName): " + Self.spelled(c.problem, cliSpelling), "\(c.arguments)")

        // A query with the same texts under the query keys: read by the same table, refused by the same rule.
        guard let queryName = field.query else {
            #expect(field.kind == .path, "\(c.field) has no query key but is not a file path")
            #expect(try Self.query(c.arguments)[c.field] == nil)
            return
        }
        let query = try Self.query(c.arguments)
        let given = Self.table.readQuery(query)
        #expect(given == (try Self.table.readCommandLine(c.arguments).given))
        let error = try #require(throws: FieldError.self) { try MapClusterRequest(given, table: Self.table) }
        #expect(QueryWording.message(error) == "\(queryName): " + Self.spelled(c.problem, QueryWording.spell), "\(query)")
    }

    /// Good values read into the same request through either spelling, and the defaults the CLI's
    /// help shows are the request's own.
    @Test func acceptedValuesAndDefaultsAgree() throws {
        let arguments = ["--p", "0.01", "--bonferroni", "--df", "12", "--two-sided", "--min-size", "64", "--map", "2",
                         "--atlases", "gyri, lobes", "--cluster-alpha", "0.05", "--fwhm", "6,6,8", "--cluster-iterations", "400",
                         "--cluster-seed", "7", "--space", "TAL", "--connectivity", "18"]
        let fromCLI = try MapClusterRequest(try Self.table.readCommandLine(arguments).given, table: Self.table)
        let fromQuery = try MapClusterRequest(Self.table.readQuery(try Self.query(arguments)), table: Self.table)
        #expect(fromCLI == fromQuery)
        #expect(fromCLI.p == 0.01 && fromCLI.bonferroni && fromCLI.df == [12] && fromCLI.twoSided && fromCLI.minSize == 64)
        #expect(fromCLI.atlases == ["gyri", "lobes"] && fromCLI.space == .tal && fromCLI.connectivity == .edges)
        #expect(fromCLI.clusterCorrection == ClusterCorrectionRequest(alpha: 0.05, fwhmMm: [6, 6, 8], iterations: 400, seed: 7))

        let help = try CLIRun.run(["clusters", "--help"]).stdout
        var shown = 0
        for field in Self.table.fields {
            let cli = try #require(field.cli)
            #expect(help.contains("  \(cli)"), "\(cli) is missing from clusters --help")
            guard let text = field.defaultText(MapClusterRequest()) else { continue }
            let entry = help.components(separatedBy: "  \(cli)").dropFirst().first ?? ""
            // Help wraps long lines; the default is compared with the entry's words joined again.
            let block = (entry.components(separatedBy: "\n  --").first ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(block.contains("(default: \(text))"), "\(cli): \(block)")
            shown += 1
        }
        #expect(shown >= 6)
        #expect(MapClusterRequest().clusterIterations == ClusterCorrectionRequest.defaultIterations)
    }
}
