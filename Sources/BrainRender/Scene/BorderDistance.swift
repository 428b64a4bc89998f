/// For every pixel of a label image, its distance to the nearest pixel of another label or to the
/// image edge (a 3-4 chamfer, in thirds of a pixel), computed in one forward and one backward
/// sweep over the whole image for all labels at once. A region's pixel with the largest value is
/// the point deepest inside it, where its name is anchored.
struct BorderDistance {
    let width: Int
    let height: Int
    /// Thirds of a pixel (edge step 3, diagonal step 4).
    let values: [Int32]

    init(labels: [Int32], width: Int, height: Int) {
        self.width = width
        self.height = height
        var d = [Int32](repeating: .max / 2, count: width * height)
        // A neighbour with another label (or off the image) is a border at distance `step`.
        func relax(_ d: inout [Int32], _ i: Int, _ x: Int, _ y: Int, _ nx: Int, _ ny: Int, _ step: Int32) {
            guard nx >= 0, ny >= 0, nx < width, ny < height else { d[i] = min(d[i], step); return }
            let j = ny * width + nx
            d[i] = min(d[i], labels[j] == labels[i] ? d[j] + step : step)
        }
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                relax(&d, i, x, y, x - 1, y, 3); relax(&d, i, x, y, x, y - 1, 3)
                relax(&d, i, x, y, x - 1, y - 1, 4); relax(&d, i, x, y, x + 1, y - 1, 4)
            }
        }
        for y in stride(from: height - 1, through: 0, by: -1) {
            for x in stride(from: width - 1, through: 0, by: -1) {
                let i = y * width + x
                relax(&d, i, x, y, x + 1, y, 3); relax(&d, i, x, y, x, y + 1, 3)
                relax(&d, i, x, y, x + 1, y + 1, 4); relax(&d, i, x, y, x - 1, y + 1, 4)
            }
        }
        values = d
    }

    /// Distance in pixels at (x, y).
    func pixels(x: Int, y: Int) -> Double { Double(values[y * width + x]) / 3 }
}
