import BrainAtlas
import BrainImage
import Testing
@testable import BrainSlice

@Test func defaultScaleMakesTheShortSideAtLeast512() throws {
    let (image, _) = try SliceFixtures.render(SliceFixtures.request(.axial, .index(8)))
    // 135 × 179 voxels: the smallest integer scale with 135·k ≥ 512 is 4.
    #expect(image.width == 540 && image.height == 716)
}

@Test func lettersAreDrawnUnlessSwitchedOff() throws {
    var request = SliceFixtures.request(.coronal, .index(90))
    request.window = GreyWindow(low: 250, high: 255)      // everything black but the letters
    let (with, _) = try SliceFixtures.render(request)
    let white = RGBA(255, 255, 255)
    let whiteCount = (0..<with.height).reduce(0) { n, y in n + (0..<with.width).filter { with[$0, y] == white }.count }
    #expect(whiteCount > 40)
    // The left-edge letter is an L (neurological): its vertical stroke is in the glyph's first column.
    let s = max(1, min(with.width, with.height) / 170)
    let top = (with.height - 7 * s) / 2
    #expect(with[2 * s, top] == white)
    #expect(with[2 * s + 4 * s, top] != white)
    request.letters = false
    let (without, _) = try SliceFixtures.render(request)
    #expect((0..<without.height).allSatisfy { y in (0..<without.width).allSatisfy { without[$0, y] != white } })
}

@Test func crosshairMarksTheVoxelOfAt() throws {
    var request = SliceFixtures.request(.axial, .point([100, 8, 40], space: .voxel))
    request.letters = false
    request.scale = 2
    let (image, result) = try SliceFixtures.render(request)
    #expect(result.index == 8)
    let yellow = RGBA(255, 230, 0)
    let cx = (134 - 40) * 2 + 1, cy = 100 * 2 + 1
    #expect(image[cx, 0] == yellow && image[0, cy] == yellow)
    #expect(image[cx, cy] != yellow)                        // gap around the point itself
    request.raw = true
    let (raw, _) = try SliceFixtures.render(request)
    #expect(raw.width == 135 && raw[134 - 40, 0] != yellow)
}

@Test func badInputGivesClearErrors() throws {
    #expect(throws: SliceError.indexOutOfRange(file: "sub-test03.vmr", plane: .axial, axis: "y", index: 33, count: 33)) {
        try Slicer().render(SliceFixtures.request(.axial, .index(33)))
    }
    #expect(throws: SliceError.self) { try Slicer().render(SliceFixtures.request(.sagittal, .index(-1))) }
    var unknown = SliceFixtures.request(.axial, .index(8))
    unknown.voiPath = SliceFixtures.voi
    unknown.highlight = "hippocampus"
    do {
        _ = try Slicer().render(unknown)
        Issue.record("expected an unknown-region error")
    } catch let error as SliceError {
        #expect(error.description.contains("hippocampus") && error.fieldError?.field == "highlight")
    }
    let missing = SliceFixtures.request(.axial, .index(8), vmr: "/nonexistent/brain.vmr")
    do {
        _ = try Slicer().render(missing)
        Issue.record("expected an unreadable-file error")
    } catch {
        #expect("\(error)".contains("brain.vmr"))
    }
    // A VOI file is not a VMR: rejected with its name, not trapped on.
    do {
        _ = try Slicer().render(SliceFixtures.request(.axial, .index(8), vmr: SliceFixtures.voi))
        Issue.record("expected a format error")
    } catch {
        #expect("\(error)".contains("sub-test03.voi"))
    }
    var opacity = SliceFixtures.request(.axial, .index(8))
    opacity.opacity = 1.5
    #expect(throws: SliceError.invalid(FieldError("opacity", value: "1.5", "is not within 0…1"))) { try Slicer().render(opacity) }
    // Native-space scan: MNI points and atlases are refused, not guessed.
    #expect(throws: SliceError.self) {
        try Slicer().render(SliceFixtures.request(.axial, .point([0, 0, 0], space: .mni)))
    }
    #expect(throws: SliceError.self) { try Slicer().render(SliceFixtures.request(.axial, .millimetres(10))) }
    var atlas = SliceFixtures.request(.axial, .index(8))
    atlas.atlas = "gyri"
    #expect(throws: SliceError.self) { try Slicer().render(atlas) }
}

@Test func positionAndWindowParsing() throws {
    #expect(try SliceRequest.Position.parse(index: nil, mni: "-20", at: nil, space: nil) == .millimetres(-20))
    #expect(try SliceRequest.Position.parse(index: nil, mni: nil, at: "1, -2,3.5", space: .tal) == .point([1, -2, 3.5], space: .tal))
    #expect(throws: SliceError.self) { try SliceRequest.Position.parse(index: 3, mni: "1", at: nil, space: nil) }
    #expect(throws: SliceError.self) { try SliceRequest.Position.parse(index: nil, mni: nil, at: "1,2", space: nil) }
    #expect(throws: SliceError.self) { try SliceRequest.Position.parse(index: nil, mni: nil, at: nil, space: nil) }
    #expect(try GreyWindow(parsing: "10,200") == GreyWindow(low: 10, high: 200))
    #expect(throws: SliceError.self) { try GreyWindow(parsing: "200,10") }
    #expect(throws: SliceError.self) { try GreyWindow(parsing: "a,b") }
}

/// The default window leaves the template's brightest grey (white matter) below white.
@Test func defaultWindowDoesNotSaturateWhiteMatter() {
    #expect(GreyWindow.display.grey(GreyWindow.vmrGreyMax) <= 220)
    #expect(GreyWindow.display.grey(GreyWindow.vmrGreyMax) >= 200)
    #expect(GreyWindow.display.grey(0) == 0)
}
