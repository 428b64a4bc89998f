import Testing
@testable import BrainSlice

@Test func moduleLinks() { #expect(Bool(true)) }
