import BrainImage
import Foundation
@testable import BrainSlice

/// The real sample files in Tests/Fixtures/slice, found from this file's path.
enum SliceFixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/slice")
    static var vmr: String { folder.appendingPathComponent("sub-test03.vmr").path }
    static var voi: String { folder.appendingPathComponent("sub-test03.voi").path }
    static var cube: String { folder.appendingPathComponent("sub-test03_cube.vmr").path }

    /// sub-test03.vmr: DimX 179, DimY 33, DimZ 135, data at byte 8 (EXPECTED.json).
    static let dims = SIMD3(179, 33, 135)

    /// The file's bytes, read independently of the VMR reader.
    static func voxelBytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func value(_ bytes: [UInt8], _ x: Int, _ y: Int, _ z: Int) -> UInt8 {
        bytes[8 + x + dims.x * (y + dims.y * z)]
    }

    /// Renders through the whole PNG path and decodes the file's pixels back.
    static func render(_ request: SliceRequest, slicer: Slicer = Slicer(dataPath: "/nonexistent")) throws -> (RGBAImage, SliceResult) {
        let result = try slicer.render(request)
        return (try PNGDecoder.decode(result.png()), result)
    }

    static func request(_ plane: SlicePlane, _ position: SliceRequest.Position, vmr: String = SliceFixtures.vmr) throws -> SliceRequest {
        var r = try SliceRequest(plane: plane, position: position)
        r = try r.with(["vmr": vmr])
        // The tests pin pixels of the whole plane; the crop has tests of its own.
        r = try r.with(["crop": "none"])
        return r
    }
}
