import Testing
@testable import BrainImage

@Suite struct MarkupTextTests {
    @Test func markupCharactersAreEscapedAndAmpersandsOnlyOnce() {
        #expect(MarkupText.escaped(#"a<b> & "c""#) == "a&lt;b&gt; &amp; &quot;c&quot;")
        #expect(MarkupText.escaped("&lt;") == "&amp;lt;")
        #expect(MarkupText.escaped("Précentral — 3 mm") == "Précentral — 3 mm")
    }
}
