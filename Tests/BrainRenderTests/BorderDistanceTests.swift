import Testing
@testable import BrainRender

struct BorderDistanceTests {
    @Test func deepestPointOfASquareIsItsCentre() {
        // A 9 × 9 square of label 1 inside a 15 × 15 image of label 0.
        let w = 15
        var labels = [Int32](repeating: 0, count: w * w)
        for y in 3..<12 { for x in 3..<12 { labels[y * w + x] = 1 } }
        let d = BorderDistance(labels: labels, width: w, height: w)
        #expect(d.pixels(x: 3, y: 3) == 1)
        #expect(d.pixels(x: 7, y: 7) == 5)
        #expect(d.pixels(x: 5, y: 7) == 3)
        let inside = (3..<12).flatMap { y in (3..<12).map { (x: $0, y: y) } }
        let best = inside.max { d.values[$0.y * w + $0.x] < d.values[$1.y * w + $1.x] }!
        #expect(best.x == 7 && best.y == 7)
        // The image edge is a border too.
        #expect(d.pixels(x: 0, y: 7) == 1)
    }
}
