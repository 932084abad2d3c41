import Testing

@testable import AllowanceServer

/// The text the charts write into their SVG.
struct ChartsTests {
    @Test func escapedTextKeepsEverythingButTheFourMarkupCharacters() {
        #expect(Charts.escape(#"Tom & Jerry's <"best"> savings"#) == "Tom &amp; Jerry's &lt;&quot;best&quot;&gt; savings")
        #expect(Charts.escape("Balance from $25.00 on Nov 3 to $22.00 🐷 é") == "Balance from $25.00 on Nov 3 to $22.00 🐷 é")
        #expect(Charts.escape("&&") == "&amp;&amp;")
        #expect(Charts.escape("") == "")
    }
}
