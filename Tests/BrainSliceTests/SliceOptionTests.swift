import BrainAtlas
import BrainImage
import Foundation
import Testing
@testable import BrainSlice

@Test func defaultScaleMakesTheShortSideAtLeast512() throws {
    let (image, result) = try SliceFixtures.render(try SliceFixtures.request(.axial, .index(8)))
    // 135 × 179 voxels: the smallest integer scale with 135·k ≥ 512 is 4.
    #expect(result.layout.sliceBox.width == 540 && result.layout.sliceBox.height == 716)
    // The scan fills its plane, so the letters and the caption get bands around it.
    #expect(image.width > 540 && image.height > 716)
    #expect(image.width == result.layout.width && image.height == result.layout.height)
}

/// The letters are FreeType text in the margin and bands around the scan's anatomy: light ink
/// inside each letter's box, no box over a head voxel, nothing changed outside the boxes, and
/// nothing at all without them.
@Test func lettersAreDrawnUnlessSwitchedOff() throws {
    var request = try SliceFixtures.request(.coronal, .index(90))
    request = try request.with(["caption": "off"])
    let (with, result) = try SliceFixtures.render(request)
    #expect(result.letterBoxes.count == 4)
    let bytes = try SliceFixtures.voxelBytes(SliceFixtures.vmr)
    let survey = VolumeSurvey(voxels: Data(bytes[8...]), dims: SliceFixtures.dims)
    for box in result.letterBoxes {
        #expect(box.x >= 0 && box.y >= 0 && box.maxX <= with.width && box.maxY <= with.height)
        var light = 0, onHead = 0
        for y in box.y..<box.maxY {
            for x in box.x..<box.maxX {
                if with[x, y].r > 200 { light += 1 }
                if let v = result.layout.voxel(atPixel: x, y),
                   Int(SliceFixtures.value(bytes, v.x, v.y, v.z)) > survey.headThreshold { onHead += 1 }
            }
        }
        #expect(light > 8, "letter box \(box) has \(light) light pixels")
        #expect(onHead == 0, "letter box \(box) covers \(onHead) head pixels")
    }
    // The left letter is an L (neurological): a stem and a foot, so the upper right of its box is
    // dark and the left column light; mirrored, an R fills its upper right with the bowl.
    func upperRightAndLeft(_ image: RGBAImage, _ box: PixelRect) -> (Int, Int) {
        var upperRight = 0, left = 0
        for y in box.y..<box.maxY {
            for x in box.x..<box.maxX where image[x, y].r > 200 {
                if x >= box.x + box.width / 2 && y < box.y + box.height / 2 { upperRight += 1 }
                if x < box.x + box.width / 2 { left += 1 }
            }
        }
        return (upperRight, left)
    }
    let l = upperRightAndLeft(with, result.letterBoxes[2])
    #expect(l.0 * 10 < l.1)
    var mirrored = request
    mirrored = try mirrored.with(["radiological": "on"])
    let (radio, radioResult) = try SliceFixtures.render(mirrored)
    let r = upperRightAndLeft(radio, radioResult.letterBoxes[2])
    #expect(r.0 * 4 > r.1)
    request = try request.with(["letters": "off"])
    let (without, bare) = try SliceFixtures.render(request)
    let slice = result.layout.sliceBox
    #expect(bare.letterBoxes.isEmpty && without.width == slice.width && without.height == slice.height)
    // Letters change no slice pixel outside their boxes.
    for y in stride(from: 0, to: slice.height, by: 3) {
        for x in stride(from: 0, to: slice.width, by: 3) {
            let p = (slice.x + x, slice.y + y)
            guard !result.letterBoxes.contains(where: { $0.contains(x: p.0, y: p.1) }) else { continue }
            if with[p.0, p.1] != without[x, y] { Issue.record("slice pixel (\(x), \(y)) changed by the letters"); return }
        }
    }
}

@Test func crosshairMarksTheVoxelOfAt() throws {
    var request = try SliceFixtures.request(.axial, .point([100, 8, 40], space: .voxel))
    request = try request.with(["letters": "off", "scale": "2"])
    let (image, result) = try SliceFixtures.render(request)
    #expect(result.index == 8)
    let yellow = RGBA(255, 230, 0)
    let cx = (134 - 40) * 2 + 1, cy = 100 * 2 + 1
    #expect(result.layout.pixel(ofVoxel: SIMD3(100, 8, 40)).x == cx && result.layout.pixel(ofVoxel: SIMD3(100, 8, 40)).y == cy)
    #expect(image[cx, 0] == yellow && image[0, cy] == yellow)
    #expect(image[cx, cy] != yellow)                        // gap around the point itself
    request = try request.with(["raw": "on"])
    let (raw, _) = try SliceFixtures.render(request)
    #expect(raw.width == 135 && raw[134 - 40, 0] != yellow)
}

@Test func badInputGivesClearErrors() throws {
    #expect(throws: SliceError.indexOutOfRange(file: "sub-test03.vmr", plane: .axial, axis: "y", index: 33, count: 33)) {
        try Slicer().render(try SliceFixtures.request(.axial, .index(33)))
    }
    #expect(throws: SliceError.self) { try Slicer().render(try SliceFixtures.request(.sagittal, .index(-1))) }
    var unknown = try SliceFixtures.request(.axial, .index(8))
    unknown = try unknown.with(["voi": SliceFixtures.voi, "highlight": "hippocampus"])
    do {
        _ = try Slicer().render(unknown)
        Issue.record("expected an unknown-region error")
    } catch let error as SliceError {
        #expect(error.description.contains("hippocampus") && error.fieldError?.field == "highlight")
    }
    let missing = try SliceFixtures.request(.axial, .index(8), vmr: "/nonexistent/brain.vmr")
    do {
        _ = try Slicer().render(missing)
        Issue.record("expected an unreadable-file error")
    } catch {
        #expect("\(error)".contains("brain.vmr"))
    }
    // A VOI file is not a VMR: rejected with its name, not trapped on.
    do {
        _ = try Slicer().render(try SliceFixtures.request(.axial, .index(8), vmr: SliceFixtures.voi))
        Issue.record("expected a format error")
    } catch {
        #expect("\(error)".contains("sub-test03.voi"))
    }
    #expect(throws: SliceError.invalid(FieldError("opacity", value: "1.5", "is not within 0…1"))) {
        try SliceFixtures.request(.axial, .index(8)).with(["opacity": "1.5"])
    }
    // Native-space scan: MNI points and atlases are refused, not guessed.
    #expect(throws: SliceError.self) {
        try Slicer().render(try SliceFixtures.request(.axial, .point([0, 0, 0], space: .mni)))
    }
    #expect(throws: SliceError.self) { try Slicer().render(try SliceFixtures.request(.axial, .millimetres(10))) }
    var atlas = try SliceFixtures.request(.axial, .index(8))
    atlas = try atlas.with(["atlas": "gyri"])
    #expect(throws: SliceError.self) { try Slicer().render(atlas) }
}

@Test func positionAndWindowParsing() throws {
    func position(_ given: [String: String]) throws(SliceError) -> SliceRequest.Position {
        try SliceRequest(given.merging(["plane": "axial"]) { a, _ in a }).position
    }
    #expect(try position(["mni": "-20"]) == .millimetres(-20))
    #expect(try position(["at": "1, -2,3.5", "space": "TAL"]) == .point([1, -2, 3.5], space: .tal))
    #expect(throws: SliceError.invalid(FieldError("position", "give only one of them"))) { try position(["index": "3", "mni": "1"]) }
    #expect(throws: SliceError.invalid(FieldError("at", value: "1,2", "is not X,Y,Z (three numbers)"))) { try position(["at": "1,2"]) }
    #expect(throws: SliceError.invalid(FieldError("position", "give exactly one of them to choose the plane"))) { try position([:]) }
    #expect(throws: SliceError.invalid(FieldError("space", "only applies to {at}"))) { try position(["index": "3", "space": "mni"]) }
    #expect(throws: SliceError.invalid(FieldError("plane", "missing"))) { try SliceRequest(["index": "3"]) }
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
