import Testing

@testable import AllowanceServer

/// What the caches keep (`BudgetedStore`): everything up to the budget, and never more.
@Suite struct BudgetedStoreTests {
    @Test func keepsEverythingUpToTheBudget() {
        // setup
        var store = BudgetedStore<Int, String>(budget: 1_000)

        // act
        for n in 1...10 { store.keep("value \(n)", bytes: 100, for: n) }

        // assert
        #expect(store.bytes == 1_000)
        #expect((1...10).allSatisfy { store[$0] == "value \($0)" })
    }

    @Test func pastTheBudgetItDropsToThreeQuarters() {
        // setup
        var store = BudgetedStore<Int, String>(budget: 1_000)
        for n in 1...10 { store.keep("value \(n)", bytes: 100, for: n) }

        // act
        store.keep("value 11", bytes: 100, for: 11)

        // assert
        #expect(store.bytes == 700)
        #expect((1...11).filter { store[$0] != nil }.count == 7)
        #expect((1...11).allSatisfy { store[$0] == nil || store[$0] == "value \($0)" })
    }

    @Test func aReplacedValueCountsOnce() {
        // setup
        var store = BudgetedStore<String, String>(budget: 1_000)
        store.keep("old", bytes: 300, for: "page")

        // act
        store.keep("new", bytes: 200, for: "page")

        // assert
        #expect(store.bytes == 200)
        #expect(store["page"] == "new")
    }
}
