/// One entry of a FreeSurfer colour table (annotation `ctab` or LUT line).
public struct FreeSurferColorEntry: Sendable, Equatable {
    /// Structure index (annotation table position, or the LUT's numeric code).
    public var index: Int
    public var name: String
    /// Red, green, blue (0–255).
    public var color: [Int]
    /// FreeSurfer's "transparency" (alpha = 255 − t in most tables; stored as read).
    public var transparency: Int

    public init(index: Int, name: String, color: [Int], transparency: Int) {
        self.index = index
        self.name = name
        self.color = color
        self.transparency = transparency
    }

    /// The value annotation files store per vertex for this entry: r + g·256 + b·65536.
    public var annotationValue: Int32 { Int32(color[0] + color[1] * 256 + color[2] * 65536) }
}
