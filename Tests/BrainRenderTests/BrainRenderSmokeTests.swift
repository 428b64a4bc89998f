import Testing
@testable import BrainRender

@Test func moduleLinks() { #expect(Bool(true)) }
