/// The largest visible piece of every region of a `RegionMap`: regions often show as several
/// pieces (a gyrus cut by a fold, a sliver across a sulcus), and a label belongs on the main one,
/// not on whichever piece happens to be deepest or farthest out.
struct RegionFragments {
    /// Per pixel: whether it lies in its region's largest 4-connected piece.
    let inLargest: [Bool]
    /// Per region: the largest piece's pixel count.
    let largestPixels: [Int]

    init(_ map: RegionMap) {
        let (w, h) = (map.width, map.height)
        var piece = [Int32](repeating: -1, count: w * h)
        var sizes: [Int] = [], owners: [Int32] = []
        var stack: [Int] = []
        for start in 0..<(w * h) where map.labels[start] >= 0 && piece[start] < 0 {
            let label = map.labels[start], id = Int32(sizes.count)
            var size = 0
            piece[start] = id
            stack.append(start)
            func visit(_ n: Int) {
                guard piece[n] < 0, map.labels[n] == label else { return }
                piece[n] = id
                stack.append(n)
            }
            while let i = stack.popLast() {
                size += 1
                let x = i % w
                if x > 0 { visit(i - 1) }
                if x < w - 1 { visit(i + 1) }
                if i >= w { visit(i - w) }
                if i + w < w * h { visit(i + w) }
            }
            sizes.append(size)
            owners.append(label)
        }
        var best = [Int](repeating: -1, count: map.regions.count), bestSize = [Int](repeating: 0, count: map.regions.count)
        for (id, size) in sizes.enumerated() where size > bestSize[Int(owners[id])] {
            (best[Int(owners[id])], bestSize[Int(owners[id])]) = (id, size)
        }
        inLargest = piece.map { $0 >= 0 && best[Int(owners[Int($0)])] == Int($0) }
        largestPixels = bestSize
    }
}
