import XCTest

/// App Screens 9.1: recording money in and out as a parent.
final class CreateTransactionUITests: XCTestCase {
    private var app: XCUIApplication!

    override func setUp() {
        super.setUp()
        continueAfterFailure = false
        app = UITestSupport.launch()
        UITestSupport.signInAsParent(app)
        app.navigationBars.buttons["Add Transaction"].tap()
        XCTAssertTrue(app.navigationBars["New Transaction"].waitForExistence(timeout: UITestSupport.timeout))
    }

    func testCreateTransaction_AllFieldsVisible() {
        XCTAssertTrue(app.buttons["Select Child"].exists)
        XCTAssertTrue(app.segmentedControls["TransactionTypePicker"].exists)
        XCTAssertTrue(app.textFields["Amount"].exists)
        XCTAssertTrue(app.textFields["Description"].exists)
        XCTAssertTrue(app.buttons["Create Transaction"].exists)
    }

    func testCreateTransaction_WithValidData_CreatesSuccessfully() {
        app.buttons["Select Child"].tap()
        app.buttons["Kai Demo"].tap()
        app.segmentedControls.firstMatch.buttons["Money In"].tap()
        app.textFields["Amount"].tap()
        app.textFields["Amount"].typeText("25.00")
        app.textFields["Description"].tap()
        app.textFields["Description"].typeText("Extra chores")
        app.buttons["Create Transaction"].tap()
        XCTAssertTrue(app.navigationBars["Dashboard"].waitForExistence(timeout: UITestSupport.timeout))
        XCTAssertFalse(app.navigationBars["New Transaction"].exists)
    }

    func testCreateTransaction_BalancePreview_UpdatesCorrectly() {
        app.buttons["Select Child"].tap()
        app.buttons["Kai Demo"].tap()
        app.textFields["Amount"].tap()
        app.textFields["Amount"].typeText("10.00")
        let preview = app.otherElements["BalancePreview"]
        XCTAssertTrue(preview.waitForExistence(timeout: UITestSupport.timeout))
        XCTAssertTrue(preview.label.contains("New Balance"))
    }

    func testCreateTransaction_SpendingTooMuch_IsRefusedBeforeSending() {
        app.buttons["Select Child"].tap()
        app.buttons["Kai Demo"].tap()
        app.segmentedControls.firstMatch.buttons["Money Out"].tap()
        app.textFields["Amount"].tap()
        app.textFields["Amount"].typeText("100000")
        let refusal = app.staticTexts.matching(NSPredicate(format: "label BEGINSWITH 'Insufficient balance: Kai has '")).firstMatch
        XCTAssertTrue(refusal.waitForExistence(timeout: UITestSupport.timeout))
        XCTAssertFalse(app.buttons["Create Transaction"].isEnabled)
    }
}
