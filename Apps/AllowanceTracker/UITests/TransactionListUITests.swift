import XCTest

/// App Screens 9.1: a child's ledger (Kai starts with "Opening balance", +$100.00).
final class TransactionListUITests: XCTestCase {
    private var app: XCUIApplication!

    override func setUp() {
        super.setUp()
        continueAfterFailure = false
        app = UITestSupport.launch()
        UITestSupport.signInAsChild(app)
        app.tabBars.buttons["Transactions"].tap()
    }

    func testTransactionList_DisplaysTransactions() {
        XCTAssertTrue(app.buttons.matching(identifier: "TransactionRow").firstMatch.waitForExistence(timeout: UITestSupport.timeout))
        let opening = app.buttons.matching(NSPredicate(format: "label BEGINSWITH 'Opening balance, received +$100.00'"))
        XCTAssertEqual(opening.count, 1)
    }

    func testTransactionList_SearchBar_FiltersResults() {
        let searchField = app.searchFields["Search transactions"]
        XCTAssertTrue(searchField.waitForExistence(timeout: UITestSupport.timeout))
        searchField.tap()
        searchField.typeText("opening\n")
        let rows = app.buttons.matching(identifier: "TransactionRow")
        XCTAssertTrue(rows.firstMatch.waitForExistence(timeout: UITestSupport.timeout))
        for index in 0..<rows.count {
            XCTAssertTrue(rows.element(boundBy: index).label.lowercased().contains("opening"))
        }
    }

    func testTransactionList_FilterPicker_ShowsOnlyCredits() {
        app.segmentedControls.firstMatch.buttons["Received"].tap()
        let rows = app.buttons.matching(identifier: "TransactionRow")
        XCTAssertTrue(rows.firstMatch.waitForExistence(timeout: UITestSupport.timeout))
        XCTAssertEqual(rows.matching(NSPredicate(format: "label CONTAINS ', spent '")).count, 0)
        XCTAssertGreaterThan(rows.matching(NSPredicate(format: "label CONTAINS ', received +'")).count, 0)
    }

    func testTransactionList_TapTransaction_ShowsDetail() {
        let row = app.buttons.matching(identifier: "TransactionRow").firstMatch
        XCTAssertTrue(row.waitForExistence(timeout: UITestSupport.timeout))
        row.tap()
        XCTAssertTrue(app.navigationBars["Transaction Details"].waitForExistence(timeout: UITestSupport.timeout))
    }

    func testTransactionList_LoadMore_AppearsOnlyWithMorePages() {
        XCTAssertTrue(app.buttons.matching(identifier: "TransactionRow").firstMatch.waitForExistence(timeout: UITestSupport.timeout))
        let rows = app.buttons.matching(identifier: "TransactionRow").count
        // A page is 20 rows: fewer rows means there is nothing more to load.
        if rows < 20 { XCTAssertFalse(app.buttons["LoadMoreButton"].exists) }
    }
}
