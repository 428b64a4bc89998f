import BrainImage

/// The text around a slice, drawn with FreeType (DejaVu Sans) after the row stages: orientation
/// letters in the margin outside the head's box, a caption under the image naming the plane and its
/// coordinate, and a colour legend of the regions drawn, to the right. Where the margin is too
/// narrow for a letter, the canvas grows by a black band (`SliceBands`), so no text covers the head.
struct SliceDecorations {
    /// One placed line of text and the pixels it may cover (halo included).
    struct Placed {
        let line: TextLine
        let x: Int
        let baseline: Int
        /// The ink's pixels and its halo's.
        var box: PixelRect {
            let r = SliceDecorations.halo.reach, ink = line.ink
            return PixelRect(x: x + ink.originX - r, y: baseline + ink.originY - r, width: ink.width + 2 * r, height: ink.height + 2 * r)
        }
    }

    /// The final layout: the input one grown by whatever bands the text needs.
    let layout: SliceLayout
    let letters: [Placed]
    let caption: Placed?
    /// The legend, laid out on a canvas of its own (so the slice's width never cuts its names),
    /// and where that canvas's origin lies on the slice image.
    let legend: Legend.Layout?
    let legendOffset: Int
    /// A statistical overlay's colour bar, in a band right of the legend's (image coordinates).
    let colorBar: (bar: ColorBar, layout: ColorBar.Layout)?

    /// Letter em size: one pixel per 24 of the slice's shorter side, at least 11.
    static let shorterSidePerEm = 24
    static let minimumSize = 11
    static let letterColor = RGBA(235, 235, 240)
    static let captionColor = RGBA(215, 215, 220)
    /// A dark rim, so a letter stays legible where a margin shows scalp (`--crop none`, a user's scan).
    static let halo = TextHalo(color: RGBA(0, 0, 0), radius: 1.5)

    /// Lays out the text on `base` (the slice and any crop bands); `head` is the head's box on
    /// `base`'s canvas, which no text may enter.
    init(base: SliceLayout, head: PixelRect, letters wantLetters: Bool, sideLetters: Bool = true, caption captionText: String?,
         legend entries: [Legend.Entry], colorBar: ColorBar? = nil, text: TextRenderer) {
        let slice = base.sliceBox
        let size = max(Self.minimumSize, min(slice.width, slice.height) / Self.shorterSidePerEm)
        let pad = max(3, size / 4) + Self.halo.reach
        let e = base.orientation.edgeLetters
        let lines = wantLetters ? [e.top, e.bottom, e.left, e.right].map { text.layout(String($0), size: size) } : []
        // Bands the letters need beyond what the margin between head and canvas edge gives.
        var grow = SliceBands.zero
        if lines.count == 4 {
            grow.top = max(0, lines[0].ink.height + 2 * pad - head.y)
            grow.bottom = max(0, lines[1].ink.height + 2 * pad - (base.height - head.maxY))
            if sideLetters {
                grow.left = max(0, lines[2].ink.width + 2 * pad - head.x)
                grow.right = max(0, lines[3].ink.width + 2 * pad - (base.width - head.maxX))
            }
        }
        let captionLine = captionText.map { text.layout($0, size: max(Self.minimumSize, size * 4 / 5)) }
        let captionBand = captionLine.map { $0.ascent + $0.descent + 2 * pad } ?? 0
        grow.bottom += captionBand
        var final = base.growing(grow)

        // The legend takes a band on the right, as wide as its box and never wider than the slice
        // image: its names share that width, wrapped and shortened apart (`Legend.distinctLines`),
        // in columns as tall as the slice (fewer, wider columns than a legend over a render).
        var legendLayout: Legend.Layout?
        var legendBand = 0
        if !entries.isEmpty {
            let legendSize = max(10, size * 3 / 4)
            let margin = FigureSpacing.margin(textSize: legendSize)
            legendLayout = Legend(entries: entries).layout(width: final.width, height: final.height, size: legendSize,
                                                          corner: .topLeft, margin: margin, maxRows: .max, nameShare: 1, text: text)
            if let box = legendLayout?.box {
                legendBand = box.maxX + margin
                final = final.growing(SliceBands(right: legendBand))
            }
        }

        // The colour bar takes the next band, as wide as its name and values on one line each up to
        // half the slice's width (at least 16 em); a longer name breaks onto two lines.
        var barLayout: (bar: ColorBar, layout: ColorBar.Layout)?
        var barBand = 0
        if let colorBar {
            let barSize = max(10, size * 3 / 4)
            let margin = FigureSpacing.margin(textSize: barSize)
            let width = min(colorBar.naturalWidth(size: barSize, text: text), max(16 * barSize, final.width / 2))
            let area = PixelRect(x: final.width + margin, y: margin, width: width, height: final.height - 2 * margin)
            if let layout = colorBar.layout(in: area, size: barSize, text: text) {
                barLayout = (colorBar, layout)
                barBand = layout.box.width + 2 * margin
                final = final.growing(SliceBands(right: barBand))
            }
        }
        legendBand += barBand

        let h = PixelRect(x: head.x + grow.left, y: head.y + grow.top, width: head.width, height: head.height)
        var placed: [Placed] = []
        if lines.count == 4 {
            let textBottom = final.height - captionBand, textRight = final.width - legendBand
            // Each letter's ink centred in its band, level with the head box's middle.
            func at(_ line: TextLine, centreX: Int, centreY: Int) -> Placed {
                Placed(line: line, x: centreX - line.ink.width / 2 - line.ink.originX,
                       baseline: centreY - line.ink.height / 2 - line.ink.originY)
            }
            let midX = h.x + h.width / 2, midY = h.y + h.height / 2
            placed = [
                at(lines[0], centreX: midX, centreY: h.y / 2),
                at(lines[1], centreX: midX, centreY: (h.maxY + textBottom) / 2),
            ]
            if sideLetters {
                placed += [at(lines[2], centreX: h.x / 2, centreY: midY), at(lines[3], centreX: (h.maxX + textRight) / 2, centreY: midY)]
            }
        }
        letters = placed
        caption = captionLine.map { line in
            let s = final.sliceBox
            let x = max(pad, min(final.width - legendBand - pad - line.advance, s.x + (s.width - line.advance) / 2))
            return Placed(line: line, x: x, baseline: final.height - pad - line.descent)
        }
        legend = legendLayout
        legendOffset = final.width - legendBand
        self.colorBar = barLayout
        layout = final
    }

    /// The legend's box on the slice image.
    var legendBox: PixelRect? {
        legend.map { PixelRect(x: $0.box.x + legendOffset, y: $0.box.y, width: $0.box.width, height: $0.box.height) }
    }

    /// Draws the letters, the caption and the legend into the rendered canvas.
    func draw(into image: inout RGBAImage, text: TextRenderer) {
        for letter in letters {
            text.draw(letter.line, x: letter.x, baseline: letter.baseline, color: Self.letterColor, halo: Self.halo, into: &image)
        }
        if let caption {
            text.draw(caption.line, x: caption.x, baseline: caption.baseline, color: Self.captionColor, halo: Self.halo, into: &image)
        }
        if let colorBar { colorBar.bar.draw(colorBar.layout, text: text, on: &image) }
        if let legend, let box = legendBox, var own = try? RGBAImage(width: legend.box.maxX, height: image.height) {
            // The band is black, as the legend's own canvas starts: copying its box is drawing it there.
            Legend.draw(legend, text: text, into: &own)
            for y in box.y..<min(box.maxY, image.height) {
                let from = (y * own.width + legend.box.x) * 4, to = (y * image.width + box.x) * 4
                image.pixels.replaceSubrange(to..<(to + box.width * 4), with: own.pixels[from..<(from + box.width * 4)])
            }
        }
    }
}
