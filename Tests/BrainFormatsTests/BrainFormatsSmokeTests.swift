import Testing
@testable import BrainFormats

@Test func moduleLinks() { #expect(Bool(true)) }
