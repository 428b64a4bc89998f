import Testing
@testable import BrainImage

@Suite struct LegendTests {
    let text: TextRenderer
    init() throws { text = try TextRenderer() }

    private func entries(_ n: Int) -> [Legend.Entry] {
        (0..<n).map { Legend.Entry(name: "Region \($0)", color: RGBA(UInt8(20 + $0 % 200), UInt8(200 - $0 % 150), 90)) }
    }

    @Test func listsEveryEntryInsideTheImageWithItsColor() throws {
        let legend = Legend(entries: entries(6))
        let layout = try #require(legend.layout(width: 640, height: 480, size: 14, corner: .topRight, margin: 8, text: text))
        #expect(PixelRect(x: 0, y: 0, width: 640, height: 480).contains(layout.box))
        #expect(layout.box.maxX == 640 - 8 && layout.box.y == 8)
        #expect(layout.hidden == 0)
        #expect(layout.rows.compactMap(\.entry) == legend.entries)
        var image = try RGBAImage(width: 640, height: 480, fill: RGBA(0, 0, 0))
        Legend.draw(layout, text: text, into: &image)
        for row in layout.rows {
            let s = try #require(row.swatch)
            #expect(layout.box.contains(s))
            #expect(image[s.x + s.width / 2, s.y + s.height / 2] == row.entry?.color)
            #expect(layout.box.contains(row.line.box(x: row.textX, baseline: row.baseline)))
        }
        // Rows do not overlap.
        let boxes = layout.rows.map { $0.line.box(x: $0.textX, baseline: $0.baseline) }
        for i in boxes.indices { for j in boxes.indices where j > i { #expect(!boxes[i].intersects(boxes[j])) } }
    }

    @Test func tooManyEntriesEndWithACountOfTheRest() throws {
        let legend = Legend(entries: entries(200))
        let layout = try #require(legend.layout(width: 1024, height: 768, size: 14, corner: .bottomLeft, margin: 8, text: text))
        let capacity = Legend.maxColumns * Legend.maxRowsPerColumn
        #expect(layout.rows.count == capacity)
        #expect(layout.hidden == 200 - (capacity - 1))
        #expect(layout.rows.last?.entry == nil)
        #expect(layout.rows.last?.line.text == "+\(layout.hidden) more")
        #expect(PixelRect(x: 0, y: 0, width: 1024, height: 768).contains(layout.box))
    }

    @Test func namesWrapToTwoLinesBeforeTheyAreCut() throws {
        let name = "Intraparietal sulcus and transverse parietal sulci"
        let width = 1024, size = 12
        #expect(text.layout(name, size: size).advance > width / 4)
        let legend = Legend(entries: [.init(name: name, color: RGBA(1, 2, 3)), .init(name: "Cuneus", color: RGBA(4, 5, 6))])
        let layout = try #require(legend.layout(width: width, height: 768, size: size, corner: .topRight, margin: 6, text: text))
        let wrapped = layout.rows[0].line
        #expect(wrapped.text == name)
        #expect(wrapped.advance <= width / 4)
        // Two lines tall, and the next row starts below both.
        #expect(wrapped.descent > text.layout(name, size: size).descent)
        let first = wrapped.box(x: layout.rows[0].textX, baseline: layout.rows[0].baseline)
        let second = layout.rows[1].line.box(x: layout.rows[1].textX, baseline: layout.rows[1].baseline)
        #expect(!first.intersects(second) && second.y >= first.maxY)
        #expect(layout.box.contains(first) && layout.box.contains(second))
    }

    @Test func longNamesAreCutToFit() throws {
        let long = String(repeating: "Superior temporal ", count: 10)
        let legend = Legend(entries: [.init(name: long, color: RGBA(1, 2, 3))])
        let layout = try #require(legend.layout(width: 400, height: 300, size: 14, corner: .topLeft, margin: 6, text: text))
        #expect(layout.rows[0].line.text.hasSuffix("…"))
        #expect(layout.rows[0].line.advance <= 100)
        #expect(layout.box.maxX <= 400)
    }

    @Test func noRoomOrNothingToListGivesNoLayout() {
        #expect(Legend(entries: []).layout(width: 300, height: 300, size: 14, corner: .topLeft, margin: 4, text: text) == nil)
        #expect(Legend(entries: entries(3)).layout(width: 300, height: 12, size: 14, corner: .topLeft, margin: 4, text: text) == nil)
    }

    @Test func entriesGroupHomologuesAndPairSidesDrawnInTwoColors() {
        let red = RGBA(200, 0, 0), blue = RGBA(0, 0, 200), green = RGBA(0, 150, 0)
        let rows = Legend.entries([
            .init(name: "Putamen", side: "left", color: red, pixels: 30),
            .init(name: "Pallidum", side: "left", color: blue, pixels: 50),
            .init(name: "Putamen", side: "right", color: red, pixels: 40),
            .init(name: "Pallidum", side: "right", color: green, pixels: 10),
            .init(name: "Brainstem", side: nil, color: green, pixels: 70),
        ])
        #expect(rows.map(\.name) == ["Putamen", "Brainstem", "Pallidum (L, R)"], "left and right of one region in one row")
        #expect(rows.map(\.color) == [red, green, blue] && rows.map(\.pair) == [nil, nil, green])
        // A name in three colours cannot pair: each row says its side.
        let three = Legend.entries([.init(name: "Caudate", side: "left", color: red, pixels: 3),
                                    .init(name: "Caudate", side: "right", color: blue, pixels: 2),
                                    .init(name: "Caudate", side: "right", color: green, pixels: 1)])
        #expect(three.map(\.name) == ["Caudate (L)", "Caudate (R)", "Caudate (R)"])
    }

    @Test func rankedEntriesGoByRankThenName() {
        let c = RGBA(10, 20, 30)
        let rows = Legend.entries([
            .init(name: "BA40", side: "left", color: c, pixels: 900, rank: 40),
            .init(name: "BA4", side: "left", color: c, pixels: 10, rank: 4),
            .init(name: "Zeta", side: nil, color: c, pixels: 5, rank: 1001),
            .init(name: "Alpha", side: nil, color: c, pixels: 1, rank: 1001),
            .init(name: "Loose", side: nil, color: c, pixels: 1000),
        ])
        #expect(rows.map(\.name) == ["BA4", "BA40", "Alpha", "Zeta", "Loose"])
    }

    @Test func rowsThatShareALongBeginningStayApart() throws {
        // Parcel names as the 400-parcel atlas spells them: cut at a fixed width they all read
        // "Salience / ventral attention FrOp…"; shortened, each keeps what tells it apart.
        let names = (1...4).map { "Salience / ventral attention FrOperIns \($0)" } + ["Salience / ventral attention ParOper 1",
                                                                                    "Salience / ventral attention Med 1"]
        let room = text.measure("Salience / ventral … FrOperIns 1", size: 14) + 2
        let shown = Legend.distinctLines(names, maxWidth: room, size: 14, twoLines: false, text: text).map(\.text)
        #expect(Set(shown).count == names.count, "\(shown)")
        #expect(shown[0] == "Salience / ventral … FrOperIns 1" && shown[4].hasSuffix("… ParOper 1"), "\(shown)")
        #expect(shown.allSatisfy { $0.hasPrefix("Salience") }, "the first words stay")
        // Laid out in a legend the rows stay apart, wrapped or shortened, and inside the image.
        let legend = Legend(entries: names.map { .init(name: $0, color: RGBA(200, 40, 40)) })
        let layout = try #require(legend.layout(width: 500, height: 400, size: 14, corner: .topLeft, margin: 6, text: text))
        #expect(Set(layout.rows.map(\.line.text)).count == names.count, "\(layout.rows.map(\.line.text))")
        #expect(layout.box.maxX <= 500)
        // No word is cut in two where a word's end leaves room: "Superior temporal…", not "Superior tempo…".
        let cut = Legend.fitted("Superior temporal gyrus and sulcus", maxWidth: text.measure("Superior temporal gy", size: 14),
                                size: 14, text: text)
        #expect(cut.text == "Superior temporal…")
    }

    @Test func aPairRowHasBothSwatchesAndNamesStartLevel() throws {
        let legend = Legend(entries: [.init(name: "Putamen", color: RGBA(1, 2, 3)),
                                      .init(name: "Pallidum (L, R)", color: RGBA(200, 0, 0), pair: RGBA(0, 0, 200))])
        let layout = try #require(legend.layout(width: 400, height: 300, size: 14, corner: .topLeft, margin: 6, text: text))
        let pair = try #require(layout.rows[1].pairSwatch), left = try #require(layout.rows[1].swatch)
        #expect(layout.rows[0].pairSwatch == nil && pair.x > left.maxX && pair.y == left.y)
        #expect(layout.rows[0].textX == layout.rows[1].textX && layout.rows[1].textX > pair.maxX)
        var image = try RGBAImage(width: 400, height: 300)
        Legend.draw(layout, text: text, into: &image)
        #expect(image[left.x + 2, left.y + 2] == RGBA(200, 0, 0) && image[pair.x + 2, pair.y + 2] == RGBA(0, 0, 200))
    }
}
