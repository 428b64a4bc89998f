/// One laid-out line of text at a pixel size: its ink as a coverage mask anchored at the pen start
/// on the baseline, and the font's line box used for measuring and placing.
public struct TextLine: Sendable, Equatable {
    public let text: String
    /// The em size in pixels.
    public let size: Int
    /// Horizontal pen travel in pixels: the width used to place and centre the line.
    public let advance: Int
    /// The font's ascent and descent in pixels (positive), the same for every line of this size.
    public let ascent: Int
    public let descent: Int
    /// The ink; `originX`/`originY` are relative to the pen start on the baseline.
    public let ink: CoverageMask
    /// Drawn in the bold face (vector output names the weight).
    public var bold = false
    /// The text's lines with their pen starts relative to the line's (a name broken over two
    /// lines has two); empty for one line at the pen start. Vector output writes these.
    public var parts: [Part] = []

    /// One line of a broken name: its text and pen start relative to the whole line's.
    public struct Part: Sendable, Equatable {
        public let text: String
        public let dx: Int, dy: Int
    }

    /// The lines with their offsets (one at the pen start when unbroken).
    public var lines: [Part] { parts.isEmpty ? [Part(text: text, dx: 0, dy: 0)] : parts }

    /// Line box height.
    public var height: Int { ascent + descent }

    /// The box the line occupies with its pen start on the baseline at (`x`, `baseline`), grown by
    /// `margin` pixels (the halo) on every side: what placement rules compare for overlap.
    public func box(x: Int, baseline: Int, margin: Int = 0) -> PixelRect {
        let left = min(0, ink.originX), right = max(advance, ink.originX + ink.width)
        return PixelRect(x: x + left - margin, y: baseline - ascent - margin,
                         width: right - left + 2 * margin, height: ascent + descent + 2 * margin)
    }
}

/// A light or dark outline drawn under text so that it stays legible over anatomy.
public struct TextHalo: Sendable, Equatable {
    public var color: RGBA
    /// Outline width in pixels (fractional widths give a softer edge).
    public var radius: Double

    public init(color: RGBA, radius: Double) {
        self.color = color
        self.radius = radius
    }

    /// Whole pixels the halo reaches beyond the ink.
    public var reach: Int { Int(radius.rounded(.up)) }
}
