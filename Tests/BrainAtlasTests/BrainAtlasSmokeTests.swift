import Testing
@testable import BrainAtlas

@Test func moduleLinks() { #expect(Bool(true)) }
