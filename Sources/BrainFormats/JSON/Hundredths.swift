/// The one rounding of reported figures (millimetres, percentages, areas, volumes, figure
/// coordinates) to 0.01, halves away from zero, and their one text form, so JSON, text reports and
/// vector figures print the same value everywhere.
extension Double {
    public var roundedToHundredths: Double { (self * 100).rounded() / 100 }

    /// The shortest text of the value rounded to 0.01, without a trailing ".0" ("12", "3.5", "-0.25").
    public var hundredthsText: String {
        let r = roundedToHundredths
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }
}
