/// Which of an atlas's two built palettes a picture uses: the default one, or `cvd`, whose
/// bordering regions stay apart under protan, deutan and tritan colour vision.
public enum ColorPalette: String, CaseIterable, Sendable, Codable {
    case `default`, cvd
}
