import Testing
@testable import AtlasBuild

@Test func moduleLinks() { #expect(Bool(true)) }
