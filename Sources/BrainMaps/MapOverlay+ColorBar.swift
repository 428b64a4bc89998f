import BrainImage

extension MapOverlay {
    /// The map's colour bar, the same on slices and renders: its name, statistic, threshold and ranges.
    public var colorBar: ColorBar {
        ColorBar(title: name, caption: barCaption,
                  segments: barSegments.map { ColorBar.Segment(top: $0.top, bottom: $0.bottom) },
                  color: { [self] v in
                      let c = color(Float(v)) ?? SIMD3(128, 128, 128)
                      return RGBA(c.x, c.y, c.z)
                  }, label: MapOverlay.number)
    }
}
