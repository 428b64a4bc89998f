import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Each input a new user tried, with the error (or the obvious behaviour) it now gets.
@Suite struct CLIRowTests {
    private func failure(_ arguments: [String], data: Bool = true) throws -> String {
        let run = try CLIRun.run(arguments, data: data)
        #expect(run.status == 1, "\(arguments): exit \(run.status), stderr \(run.stderr)")
        return try #require(run.errorMessage, "\(arguments) printed no error: \(run.stderr)")
    }

    @Test func anglesMustBeFiniteAndInRange() throws {
        #expect(try failure(["render", "--elevation", "1e308"]) == "--elevation: '1e308' is not a finite angle within ±90°")
        #expect(try failure(["render", "--azimuth", "1e308"]) == "--azimuth: '1e308' is not a finite angle within ±360°")
        #expect(try failure(["render", "--elevation", "-91"]) == "--elevation: '-91' is not a finite angle within ±90°")
    }

    /// Checked before any work: with no AtlasData to be found the --out error still comes first.
    @Test func outIsCheckedBeforeAnyWork() throws {
        let none = ["--data", "/nonexistent"]
        #expect(try failure(["render", "--out", "x.jpg"] + none) == "--out: 'x.jpg' has the extension .jpg; supported: .png or .svg or .pdf")
        #expect(try failure(["render", "--out", "x"] + none) == "--out: 'x' has no extension; supported: .png or .svg or .pdf")
        #expect(try failure(["render", "--out", ""] + none) == "--out: is empty; name a .png or .svg or .pdf file")
        #expect(try failure(["render", "--out", "."] + none) == "--out: '.' is a directory; name a .png or .svg or .pdf file in it")
        let folder = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try failure(["slice", "--plane", "axial", "--index", "9", "--out", folder.path] + none)
                == "--out: '\(folder.path)' is a directory; name a .png file in it")
        #expect(try failure(["render", "--out", "/nonexistent/x.png"] + none)
                == "--out: '/nonexistent/x.png' is in a folder that does not exist (/nonexistent)")
    }

    @Test func negativePixelsAreValuesAndOutsideTheImage() throws {
        #expect(try failure(["pick", "-1", "5"]) == "pixel (-1, 5) is outside the 1024×768 image (x 0…1023, y 0…767)")
        #expect(try failure(["pick", "3", "900", "--size", "64x48"]) == "pixel (3, 900) is outside the 64×48 image (x 0…63, y 0…47)")
        #expect(try failure(["pick", "3"]) == "X Y: '3' needs 2 numbers, got 1")
    }

    @Test func sizeMustBeWxHWithinTheLimit() throws {
        #expect(try failure(["render", "--size", "-5x10"]) == "--size: '-5x10' makes an image side of -5 pixels, outside 1…4096")
        #expect(try failure(["render", "--size", "5000x10"]) == "--size: '5000x10' makes an image side of 5000 pixels, outside 1…4096")
        #expect(try failure(["render", "--size", "big"]) == "--size: 'big' must be W×H with 1…4096 pixels per side")
    }

    @Test func serveOnABusyPortSaysSo() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p in
                _ = bind(fd, p, length)
                _ = listen(fd, 1)
                _ = getsockname(fd, p, &length)
            }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        #expect(try failure(["serve", "--port", String(port)]) == "port \(port) is in use; choose another with --port")
    }

    @Test func regionsTakeBothSidesAndAtlasNamesInAnyCase() throws {
        let all = try CLIRun.run(["regions", "--atlas", "gyri"])
        let both = try CLIRun.run(["regions", "--atlas", "GYRI", "--hemi", "both"])
        #expect(all.status == 0 && both.status == 0)
        #expect(both.stdout == all.stdout && all.stdout.contains("(left)") && all.stdout.contains("(right)"))
        let left = try CLIRun.run(["regions", "--atlas", "Gyri", "--hemi", "lh"])
        #expect(left.status == 0 && !left.stdout.contains("(right)") && left.stdout.contains("(left)"))
        #expect(try failure(["regions", "--atlas", "gyri", "--hemi", "middle"])
                == "--hemi: 'middle' is not left, right, both or none (or lh, rh)")
    }

    @Test func sliceWritesADefaultFileAndSaysWhat() throws {
        let folder = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The whole 256² plane at scale 2 without text; by default the head's box plus the text bands.
        let whole = try CLIRun.run(["slice", "--plane", "axial", "--index", "100", "--crop", "none", "--letters", "off",
                                    "--caption", "off"], in: folder)
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(whole.stdout.hasPrefix("wrote slice.png (512×512, ") && whole.stdout.contains("): atlas gyri, view Axial · z = ") && whole.stdout.contains(" mm (MNI), slice 100"))
        let run = try CLIRun.run(["slice", "--plane", "axial", "--index", "100"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = try Data(contentsOf: folder.appendingPathComponent("slice.png"))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(run.stdout.hasPrefix("wrote slice.png (") && !run.stdout.hasPrefix("wrote slice.png (512×512")
                && run.stdout.contains("): atlas gyri, view Axial · z = ") && run.stdout.contains(" mm (MNI), slice 100"))
        #expect(try failure(["slice", "--plane", "axial", "--index", "100", "--crop", "nne"]) == "--crop: 'nne' is not head or none")
    }

    @Test func emptyAndOverlongQueriesAreRejectedAtOnce() throws {
        #expect(try failure(["info", ""]) == "query: is empty (an empty query names no region)")
        let long = String(repeating: "precentral ", count: 10_000)
        let message = try failure(["info", long])
        #expect(message.hasSuffix("is longer than 200 characters"))
        #expect(message.count < 200 && message.contains("(110000 characters)"))
    }

    @Test func versionIsPrinted() throws {
        let run = try CLIRun.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("braintutor ") && run.stdout.split(separator: "\n").first!.split(separator: ".").count == 3)
    }

    /// Every `--json` command writes `{"error": …}` on stdout, the same message as on stderr.
    @Test(arguments: [["info", "qqqqzzzzxxxx"], ["where", "500", "0", "0"], ["regions", "--atlas", "nope"],
                      ["atlases", "--data", "/nonexistent"], ["render", "--size", "0x0"], ["pick", "-1", "5"],
                      ["slice", "--plane", "oblique", "--index", "1"]])
    func jsonErrorsAreWrittenAlike(_ arguments: [String]) throws {
        let run = try CLIRun.run(arguments + ["--json"])
        #expect(run.status == 1)
        let json = try #require(run.json, "\(arguments): stdout is not JSON: \(run.stdout)")
        #expect(json["error"] as? String == run.errorMessage)
    }

    /// The quick start's render ends by saying what it wrote.
    @Test func renderSaysWhatItWrote() throws {
        let folder = try CLIRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLIRun.run(["render", "--atlas", "Gyri", "--size", "160x120", "--out", "b.png"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = try #require(try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("b.png").path)[.size] as? Int)
        let shown = bytes >= 10_000 ? "\(bytes / 1000) kB" : "\(bytes) bytes"
        #expect(run.stdout == "wrote b.png (160×120, \(shown)): atlas gyri, view lateral\n")
    }
}
