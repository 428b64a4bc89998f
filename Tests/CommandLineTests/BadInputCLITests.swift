import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Bad input as a new user types it, through the real executable: each row is the command, the
/// files it needs, and what must come back (exit status, the error or output that must appear).
@Suite struct BadInputCLITests {
    struct Row: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        /// Exit status 0 with `expect` on stdout, or a failure with `expect` in the error message.
        let succeeds: Bool
        let expect: String
        /// With `--json`: `{"error"}` on stdout as well.
        var jsonError = false
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let fixtures = CLIRun.repository.appendingPathComponent("Tests/Fixtures")
    /// The overlay tests' blob map (Tests/Fixtures/maps/SOURCES.md).
    static var blob: String { fixtures.appendingPathComponent("maps/blob_mni_2mm.nii.gz").path }

    /// Files the rows name, made in a fresh folder: named pipes, an empty `.gz`, garbage, a VOI
    /// whose name holds terminal control bytes, an annotation cut before its colour table.
    static func makeFiles(in dir: URL) throws {
        for name in ["pipe.vmr", "pipe.voi", "out.png", "out.voi"] {
            #expect(mkfifo(dir.appendingPathComponent(name).path, 0o644) == 0)
        }
        try Data().write(to: dir.appendingPathComponent("empty.gz"))
        try Data("this is not a surface at all".utf8).write(to: dir.appendingPathComponent("garbage.srf"))
        let voi = try String(contentsOf: fixtures.appendingPathComponent("bv/bvbabel/sub-test03.voi"), encoding: .utf8)
        try voi.replacingOccurrences(of: "test voi 1", with: "esc\u{1B}]0;title\u{07}\u{1B}[2Jname")
            .write(to: dir.appendingPathComponent("esc.voi"), atomically: true, encoding: .utf8)
        // Vertex count 4, then (vertex, value) pairs and no colour-table flag.
        var annot = Data()
        for word in [Int32(4), 0, 0x0000FF, 1, 0x0000FF, 2, 0x00FF00, 3, 0] {
            withUnsafeBytes(of: word.bigEndian) { annot.append(contentsOf: $0) }
        }
        try annot.write(to: dir.appendingPathComponent("trunc.annot"))
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("importers/lh.BA4a_exvivo.thresh.label"),
                                         to: dir.appendingPathComponent("lh.label"))
        try Data().write(to: dir.appendingPathComponent("a-file"))
    }

    static let rows: [Row] = [
        Row(arguments: ["inspect", "pipe.vmr"], succeeds: false, expect: "pipe.vmr: not a regular file (named pipe)"),
        Row(arguments: ["convert", "pipe.voi", "copy.voi"], succeeds: false, expect: "pipe.voi: not a regular file (named pipe)"),
        Row(arguments: ["slice", "--vmr", "pipe.vmr", "--plane", "axial", "--index", "10", "--out", "s.png"], succeeds: false, expect: "not a regular file (named pipe)"),
        Row(arguments: ["convert", "esc.voi", "out.voi"], succeeds: false, expect: "out.voi: is a named pipe, not a regular file; refusing to replace it"),
        Row(arguments: ["render", "--size", "64x48", "--out", "out.png"], succeeds: false, expect: "is a named pipe, not a regular file"),
        Row(arguments: ["render", "--size", "64x48", "--out", "/proc/x.png"], succeeds: false, expect: "is in a folder that takes no new files (/proc"),
        Row(arguments: ["inspect", "esc.voi"], succeeds: true, expect: #"esc\x1B]0;title\x07\x1B[2Jname"#),
        Row(arguments: ["convert", "lh.label", "o.poi", "--mesh-vertices", "2000000000"], succeeds: false,
            expect: "--mesh-vertices 2000000000 must be 1…16777216"),
        Row(arguments: ["convert", "lh.label", "o.poi", "--mesh-vertices", "-5"], succeeds: false,
            expect: "--mesh-vertices -5 must be 1…16777216"),
        Row(arguments: ["quiz", "--seed", "-1", "--out", "q"], succeeds: false, expect: "seed"),
        Row(arguments: ["serve", "--port", "-1"], succeeds: false, expect: "--port: -1 is not a TCP port (0…65535)"),
        Row(arguments: ["serve", "--cache-mb", "-5"], succeeds: false, expect: "--cache-mb: -5 is outside 0…65536"),
        Row(arguments: ["quiz", "--out", "/proc/q"], succeeds: false, expect: "is in a folder that takes no new files (/proc"),
        Row(arguments: ["quiz", "--out", "a-file"], succeeds: false, expect: "is a file, not a folder"),
        Row(arguments: ["where", "--space", "TAL", "0", "0", "0"], succeeds: true, expect: "tal"),
        Row(arguments: ["where", "1, 2, 3"], succeeds: true, expect: "1, 2, 3"),
        Row(arguments: ["where", "--radius", "51", "0", "0", "0"], succeeds: false, expect: "--radius: '51' must be 0…50 mm"),
        Row(arguments: ["where", "--radius", "4", "-46", "36", "-8"], succeeds: true, expect: "Within 4 mm, nearest first:"),
        Row(arguments: ["inspect", "--json", "garbage.srf"], succeeds: false, expect: "garbage.srf: FileVersion", jsonError: true),
        Row(arguments: ["inspect", "empty.gz"], succeeds: false, expect: "empty.gz: gzip: empty gzip file (0 bytes)"),
        Row(arguments: ["slice", "--plane", "axial", "--index", "-1"], succeeds: false, expect: "axial index -1 is outside 0 (superior) … 255 (inferior)"),
        Row(arguments: ["slice", "--plane", "axial", "--mni", "50", "--overlay", "nothere.nii"], succeeds: false,
            expect: "--overlay: 'nothere.nii' does not exist"),
        Row(arguments: ["slice", "--plane", "axial", "--mni", "50", "--overlay", blob, "--threshold", "abc"], succeeds: false,
            expect: "--threshold: 'abc' is not T[,MAX] (one to two numbers)"),
        Row(arguments: ["slice", "--plane", "axial", "--mni", "50", "--threshold", "3"], succeeds: false,
            expect: "--threshold: needs --overlay FILE"),
        Row(arguments: ["render", "--overlay", blob, "--map", "2"], succeeds: false, expect: "--map: 2 is not a map of blob_mni_2mm.nii.gz (1…1)"),
        Row(arguments: ["render", "--overlay", blob, "--shading", "flat"], succeeds: false, expect: "--shading: 'flat' keeps exact region colours"),
        Row(arguments: ["pick", "10", "10", "--overlay", blob, "--cmap", "rainbow"], succeeds: false, expect: "--cmap: 'rainbow' is not one of hot, cold, viridis"),
        Row(arguments: ["info", "precentral", "--atlas", "subcortical"], succeeds: false,
            expect: "no region matches 'precentral' in subcortical; found in gyri: Precentral gyrus"),
    ]

    @Test(arguments: rows)
    func badInputIsNamedAndNothingHangs(_ row: Row) throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.makeFiles(in: dir)
        let run = try CLIRun.run(row.arguments, in: dir)
        if row.succeeds {
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains(row.expect), "\(run.stdout)")
            #expect(!run.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        } else {
            #expect(run.status != 0)
            #expect(run.stderr.contains(row.expect), "\(run.stderr)")
            #expect(!run.stderr.contains("NSCocoaErrorDomain") && !run.stderr.contains("Missing value"), "\(run.stderr)")
        }
        if row.jsonError {
            let json = try #require(run.json, "stdout is not JSON: \(run.stdout)")
            #expect(json["error"] as? String == run.errorMessage)
        }
        // A named pipe given as output is still a named pipe: never replaced by a regular file.
        for pipe in ["out.png", "out.voi"] {
            var info = stat()
            #expect(stat(dir.appendingPathComponent(pipe).path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        }
    }

    /// The annotation without colour table keeps its labels: one POI per value, with a warning.
    @Test func annotationWithoutColorTableKeepsItsLabels() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.makeFiles(in: dir)
        let run = try CLIRun.run(["convert", "trunc.annot", "trunc.poi"], in: dir, data: false)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning: trunc.annot: no colour table"), "\(run.stderr)")
        let poi = try String(contentsOf: dir.appendingPathComponent("trunc.poi"), encoding: .utf8)
        #expect(poi.contains("NrOfPOIs:         2") || poi.range(of: #"NrOfPOIs:\s+2\b"#, options: .regularExpression) != nil, "\(poi)")
        #expect(poi.contains("annotation value 255") && poi.contains("annotation value 65280"))
    }
}
