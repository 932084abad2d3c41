/// A list's parts (ledger rows, goal cards, each a kept fragment) as one piece of HTML that a
/// template writes with `#unsafeHTML(list.html)`. Joined here, not by the template's `#for`:
/// Leaf spends microseconds on each pass of a loop (the loop's variable, the tag and its
/// parameter resolved afresh each time), which is more than joining the strings costs, and a
/// child's page made afresh after a posting has twenty rows and its goals.
struct HTMLList: Encodable, Sendable {
    let html: String
    let isEmpty: Bool

    init(_ parts: [String]) {
        html = parts.joined()
        isEmpty = parts.isEmpty
    }
}
