import Testing
@testable import BrainServer

@Test func moduleLinks() { #expect(Bool(true)) }
