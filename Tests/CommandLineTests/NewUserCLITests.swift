import BrainFormats
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What a new user tried on a fresh clone and got a wrong answer or an unclear message for, through the
/// real executable: each row is a command run in a folder holding the files `makeFiles` writes.
@Suite struct NewUserCLITests {
    struct Row: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        /// Exit status 0 with `expect` on stdout, or status 1 with `expect` in the `error:` line.
        let succeeds: Bool
        let expect: String
        /// Text that must not appear in the output (the wrong answer this row once got).
        var never: String? = nil
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let fixtures = CLIRun.repository.appendingPathComponent("Tests/Fixtures")
    static var blob: String { fixtures.appendingPathComponent("maps/blob_mni_2mm.nii.gz").path }

    /// A 4×4×4 float map in MNI space (sform code 4) with the given sform rows.
    static func map(sform: [[Double]]) throws -> Data {
        let values = (0 ..< 64).map { Float($0 % 7) }
        let image = try NIfTIFile(float32: values, dims: [4, 4, 4], affine: sform + [[0, 0, 0, 1]], sformCode: 4, name: "m.nii")
        return Data(image.encoded())
    }

    static func makeFiles(in dir: URL) throws {
        func write(_ data: Data, _ name: String) throws { try data.write(to: dir.appendingPathComponent(name)) }
        try write(try Gzip.compress(Data(contentsOf: fixtures.appendingPathComponent("maps/faces_v5.smp"))), "t.smp.gz")
        try write(try map(sform: [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]), "zero-sform.nii")
        try write(try map(sform: [[2e30, 0, 0, 0], [0, 2e30, 0, 0], [0, 0, 2e30, 0]]), "huge-sform.nii")
        // Two voxel axes along the same direction: a plausible size, but every voxel on one plane.
        try write(try map(sform: [[2, 2, 0, -4], [0, 0, 2, -4], [0, 0, 0, -4]]), "flat-sform.nii")
        try write(try map(sform: [[2, 0, 0, -4], [0, 2, 0, -4], [0, 0, 2, -4]]), "good.nii")
        // FreeSurfer's triangle-surface magic at the start of a file its owner named .vmr.
        try write(Data([0xFF, 0xFF, 0xFE] + Array("created by nobody\n\n".utf8) + [UInt8](repeating: 7, count: 64)), "ff.vmr")
        // A download cut short: the first 60 000 bytes of a 119 kB gzip.
        try write(try Data(contentsOf: URL(fileURLWithPath: blob)).prefix(60_000), "cut.nii.gz")
        try write(Data("x,y,z,label\u{1B}]0;owned\u{07}\u{1B}[2J\n-38,-22,56,hand\u{1B}[31m\n".utf8), "esc.csv")
        try write(Data("x,y,z\n-38,-22,56\n".utf8), "points.csv")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder.csv"), withIntermediateDirectories: false)
        #expect(mkfifo(dir.appendingPathComponent("pipe.csv").path, 0o644) == 0)
    }

    static let rows: [Row] = [
        // A compressed SMP is an SMP: the answer asks for its mesh, never tells to add --mesh and then refuses it.
        Row(arguments: ["clusters", "t.smp.gz", "--threshold", "2"], succeeds: false, expect: "needs the mesh of its vertices"),
        Row(arguments: ["clusters", "t.smp.gz", "--threshold", "2", "--mesh", "pial-left"], succeeds: false, expect: "pial-left",
            never: "is a volume map"),
        Row(arguments: ["report", "t.smp.gz", "--threshold", "2", "--out", "r.html"], succeeds: false, expect: "mesh", never: "not a volume"),
        // Broken affines are refused by name, not turned into zero or astronomical volumes.
        Row(arguments: ["clusters", "zero-sform.nii", "--threshold", "1"], succeeds: false,
            expect: "zero-sform.nii: its affine gives voxels of 0 × 0 × 0 mm", never: "inf"),
        Row(arguments: ["clusters", "huge-sform.nii", "--threshold", "1"], succeeds: false,
            expect: "huge-sform.nii: its affine gives voxels of", never: "mm³"),
        Row(arguments: ["clusters", "flat-sform.nii", "--threshold", "1"], succeeds: false, expect: "flat-sform.nii: its affine is singular"),
        Row(arguments: ["clusters", "good.nii", "--threshold", "1"], succeeds: true, expect: "cluster"),
        Row(arguments: ["where", "0", "0", "0", "--space", "voxel", "--image", "zero-sform.nii"], succeeds: false, expect: "its affine gives voxels"),
        // The name the user gave wins over a chance byte pattern.
        Row(arguments: ["inspect", "ff.vmr"], succeeds: false, expect: "ff.vmr:", never: "FreeSurfer"),
        // Cut short is "truncated", not a bomb.
        Row(arguments: ["clusters", "cut.nii.gz", "--threshold", "3"], succeeds: false, expect: "cut.nii.gz: gzip: truncated",
            never: "justifies"),
        Row(arguments: ["slice", "--raw", "--opacity", "0.2", "--plane", "axial", "--index", "100", "--out", "s.png"], succeeds: false,
            expect: "--raw: shows the voxel values only", never: "wrote"),
        Row(arguments: ["slice", "--raw", "--palette", "cvd", "--letters", "off", "--plane", "axial", "--index", "100", "--out", "s.png"],
            succeeds: false, expect: "drop --palette, --letters"),
        // File contents never drive the terminal; odd files are named as what they are.
        Row(arguments: ["where", "--table", "esc.csv"], succeeds: true, expect: #"label\x1B]0;owned\x07\x1B[2J"#),
        Row(arguments: ["where", "--table", "folder.csv"], succeeds: false, expect: "folder.csv: not a regular file (directory)"),
        Row(arguments: ["where", "--table", "pipe.csv"], succeeds: false, expect: "pipe.csv: not a regular file (named pipe)"),
        // Negative numbers are numbers, checked against their range.
        Row(arguments: ["clusters", blob, "--threshold", "-3"], succeeds: false, expect: "--threshold: '-3' must be > 0"),
        Row(arguments: ["clusters", blob, "--threshold", "3", "--min-size", "-1"], succeeds: false, expect: "--min-size: '-1' is not within"),
        Row(arguments: ["where", "--table", "points.csv", "--radius", "-5"], succeeds: false, expect: "--radius: -5"),
        Row(arguments: ["quiz", "--count", "-1", "--out", "q"], succeeds: false, expect: "--count"),
        // A missing map is named with the way to give it; argument-parser's own usage errors come in the
        // same style and with the same status as every other error.
        Row(arguments: ["clusters"], succeeds: false, expect: "MAP: give the statistical map file"),
        Row(arguments: ["render", "--size"], succeeds: false, expect: "--size"),
        Row(arguments: ["serve", "--port", "eighty"], succeeds: false, expect: "eighty"),
        // convert says what it wrote, and how the space of a VMP is read.
        Row(arguments: ["convert", blob, "out.vmp"], succeeds: true, expect: "wrote out.vmp (vmp)"),
        Row(arguments: ["convert", "--help"], succeeds: true, expect: "nifti → vmp"),
    ]

    @Test(arguments: rows)
    func newUserGetsTheRightAnswerOrAClearError(_ row: Row) throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.makeFiles(in: dir)
        let run = try CLIRun.run(row.arguments, in: dir)
        if row.succeeds {
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains(row.expect), "\(run.stdout)")
        } else {
            #expect(run.status == 1, "status \(run.status): \(run.stderr)")
            #expect(run.stderr.hasPrefix("error: "), "\(run.stderr)")
            #expect(run.stderr.contains(row.expect), "\(run.stderr)")
            #expect(!run.stderr.contains("Error:") && !run.stderr.contains("Missing value"), "\(run.stderr)")
        }
        if let never = row.never { #expect(!(run.stdout + run.stderr).contains(never), "\(run.stdout)\(run.stderr)") }
        // Nothing a file held reaches the terminal as a control byte.
        #expect(!(run.stdout + run.stderr).unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    /// A VMP written without _MNI in its name gets a note saying how `clusters` will read it.
    @Test func convertToAVMPNamesHowItsSpaceIsRead() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = try CLIRun.run(["convert", Self.blob, "out.vmp"], in: dir)
        #expect(plain.status == 0 && plain.stderr.contains("note: out.vmp has no _MNI or _TAL in its name"), "\(plain.stderr)")
        let named = try CLIRun.run(["convert", Self.blob, "out_MNI.vmp"], in: dir)
        #expect(named.status == 0 && !named.stderr.contains("note:"), "\(named.stderr)")
        let clusters = try CLIRun.run(["clusters", "out_MNI.vmp", "--threshold", "4"], in: dir)
        #expect(clusters.status == 0 && clusters.stdout.contains("cluster"), "\(clusters.stderr)")
    }

    /// `serve --help` before the server is built says how to build the server this copy of `braintutor` will
    /// find: a release one beside a release `braintutor`.
    @Test func serveSaysWhichBuildPutsTheServerBesideIt() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (folder, build) in [("debug", "`swift build --product braintutor-server`"),
                                ("release", "`swift build -c release --static-swift-stdlib --product braintutor-server`")] {
            let copy = dir.appendingPathComponent(folder).appendingPathComponent("braintutor")
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: CLIRun.executable, to: copy)
            let run = try CLIRun.run(["-c", "exec \"$0\" serve --help", copy.path], in: dir, shell: true)
            #expect(run.status == 1, "\(run.stdout)")
            #expect(run.stderr.contains("error: braintutor-server is not built yet") && run.stderr.contains("its options (--help)")
                    && run.stderr.contains(build), "\(run.stderr)")
        }
    }

    /// A volume atlas has nothing to ask on the cortex: an error, and no folder left behind.
    @Test func quizOfAVolumeAtlasIsRefusedAndWritesNothing() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLIRun.run(["quiz", "--atlas", "tissue", "--count", "50", "--out", "q"], in: dir)
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.errorMessage?.contains("--atlas: 'tissue' has no region on the cortex views a quiz draws") == true, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("q").path))
    }

    /// A valid 1024³ uint8 MNI image (1 GiB of zeros, a 1 MB gzip): `inspect` reads its header alone, and the map
    /// commands refuse it by its header, all under a 1.5 GB address-space limit where reading it as floats would abort.
    @Test func aGigavoxelMapIsJudgedByItsHeader() throws {
        let dir = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var header = try NIfTIFile(raw: [0], datatype: .uint8, dims: [1, 1, 1], affine: [[1, 0, 0, -512], [0, 1, 0, -512], [0, 0, 1, -512], [0, 0, 0, 1]],
                                   sformCode: 4, name: "big.nii").headerBytes
        for axis in 1 ... 3 { header[40 + 2 * axis] = 0; header[41 + 2 * axis] = 4 }  // dim[1…3] = 1024, little-endian
        var file = try Gzip.compress(Data(header))
        let zeros = try Gzip.compress(Data(count: 64 << 20), level: 9)
        for _ in 0 ..< 16 { file.append(zeros) }
        #expect(file.count < 2 << 20)
        try file.write(to: dir.appendingPathComponent("big.nii.gz"))

        func limited(_ arguments: [String]) throws -> CLIRun {
            let command = "ulimit -v 1500000; exec \"$0\" \"$@\""
            return try CLIRun.run(["-c", command, CLIRun.executable.path] + arguments, in: dir, shell: true)
        }
        let inspect = try limited(["inspect", "big.nii.gz"])
        #expect(inspect.status == 0 && inspect.stdout.contains("1024 × 1024 × 1024 voxels of uint8"), "\(inspect.stderr)")
        for arguments in [["clusters", "big.nii.gz", "--threshold", "1"], ["where", "0", "0", "0", "--image", "big.nii.gz"],
                          ["slice", "--plane", "axial", "--mni", "0", "--overlay", "big.nii.gz", "--out", "s.png"]] {
            let run = try limited(arguments)
            if arguments[0] == "where" {
                #expect(run.status == 0, "\(run.stderr)")
            } else {
                #expect(run.status == 1 && run.stderr.contains("big.nii.gz: its grid 1024×1024×1024 has 1073741824 voxels"), "\(arguments): \(run.stderr)")
            }
        }
    }
}
