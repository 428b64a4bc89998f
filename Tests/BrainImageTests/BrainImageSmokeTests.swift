import Testing
@testable import BrainImage

@Test func moduleLinks() { #expect(Bool(true)) }
