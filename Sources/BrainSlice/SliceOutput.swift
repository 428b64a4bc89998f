import BrainFormats
import BrainImage
import Foundation

extension Slicer {
    /// Renders `request` and writes the PNG atomically to `out`; returns the `--json` summary.
    public func write(_ request: SliceRequest, to out: String,
                      compression: PNGEncoder.Compression = .fast) throws -> SliceResult.Summary {
        let result = try render(request)
        let url = URL(fileURLWithPath: out)
        try AtomicFile.write(Data(result.png(compression: compression)), to: url)
        return result.summary(out: out)
    }
}

extension SliceRequest.Position {
    /// Exactly one of `index`, `mni` (mm) or `at` (`X,Y,Z`, in `space`), as typed.
    public static func parse(index: Int?, mni: String?, at: String?, space: SliceRequest.PointSpace?) throws(SliceError) -> Self {
        let given = [index != nil, mni != nil, at != nil].filter { $0 }.count
        guard given == 1 else {
            throw .field("position", given == 0 ? "give exactly one of them to choose the plane" : "give only one of them")
        }
        if space != nil, at == nil { throw .field("space", "only applies to {at}") }
        if let index { return .index(index) }
        if let mni {
            guard let mm = Double(mni.trimmingCharacters(in: .whitespaces)), mm.isFinite else {
                throw .field("mni", value: mni, "is not a number of mm")
            }
            return .millimetres(mm)
        }
        let parts = at!.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3, let x = parts[0], let y = parts[1], let z = parts[2],
              x.isFinite, y.isFinite, z.isFinite else {
            throw .field("at", value: at!, "is not X,Y,Z (three numbers)")
        }
        return .point(SIMD3(x, y, z), space: space ?? .mni)
    }
}
