/// Fully saturated colours around the hue wheel, for tables that need many distinct colours.
public enum HueWheel {
    /// The red, green and blue shares (0…1) of the fully saturated, full-value colour of
    /// `degrees` (0 red, 120 green, 240 blue; any value, wrapped into 0…360).
    public static func components(_ degrees: Double) -> (r: Double, g: Double, b: Double) {
        let wrapped = degrees.truncatingRemainder(dividingBy: 360)
        let sector = (wrapped < 0 ? wrapped + 360 : wrapped) / 60
        let x = 1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1)
        switch Int(sector) {
        case 0: return (1, x, 0)
        case 1: return (x, 1, 0)
        case 2: return (0, 1, x)
        case 3: return (0, x, 1)
        case 4: return (x, 0, 1)
        default: return (1, 0, x)
        }
    }
}
