import Foundation

/// The limits every request is held to, whichever front end (CLI or HTTP) it came through.
public enum RequestLimits {
    /// Largest image side, in pixels, of a render or a slice: 4096 keeps one RGBA frame at
    /// 64 MB and stays within every GL's viewport limit that Mesa reports.
    public static let maximumImageSide = 4096
    /// Longest free-text query or region name (`info`, `highlight`); longer text is rejected
    /// before any matching, which grows with its length.
    public static let maximumQueryLength = 200

    /// Checks a free-text query or region name for `field`: not empty, not too long, no control characters.
    public static func checkText(_ text: String, field: String) throws(FieldError) {
        // Unicode's White_Space is what Foundation's `.whitespacesAndNewlines` holds; asked
        // directly, an `info` skips Foundation's string bridging and its type look-ups.
        if text.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
            throw FieldError(field, "is empty (an empty query names no region)")
        }
        if text.count > maximumQueryLength {
            throw FieldError(field, value: text, "is longer than \(maximumQueryLength) characters")
        }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw FieldError(field, value: text, "contains control characters")
        }
    }

    /// Checks one image side for `field`: the one place the limit is applied, whichever front end
    /// or stage (request, slice layout, scene, GL buffer) asks. `given` is the value as the user
    /// typed it when the side was made from it (`1024x5000`, a slice's `scale`).
    public static func checkImageSide(_ side: Int, field: String, given: String? = nil) throws(FieldError) {
        guard (1...maximumImageSide).contains(side) else {
            guard let given else { throw FieldError(field, value: String(side), "is outside 1…\(maximumImageSide) pixels") }
            throw FieldError(field, value: given, "makes an image side of \(side) pixels, outside 1…\(maximumImageSide)")
        }
    }
}
