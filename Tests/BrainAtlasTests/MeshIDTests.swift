import Testing
@testable import BrainAtlas

/// A mesh's one spelling reads back to the same identity, and nothing else reads as a mesh.
@Suite struct MeshIDTests {
    @Test func everySpellingRoundTrips() {
        let all = MeshID.cortexMeshes + [.head, .subcortical]
        #expect(all.map(\.name) == ["pial-left", "pial-right", "inflated-left", "inflated-right", "head", "subcortical"])
        for id in all { #expect(MeshID(name: id.name) == id) }
        #expect(MeshID.cortex(.inflated, .right).hemisphere == .right && MeshID.head.hemisphere == .none)
    }

    @Test(arguments: ["pial", "pial-none", "pial-both", "white-left", "pial-left-x", "-left", "Pial-left", "", "heads"])
    func otherNamesAreNoMesh(_ name: String) {
        #expect(MeshID(name: name) == nil)
    }
}
