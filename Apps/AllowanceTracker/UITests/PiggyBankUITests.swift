import XCTest

/// piggy-bank.md's UI tests, on the device's own piggy bank (no account): row interactions,
/// adding and deleting tallies, editing names and balances.
final class PiggyBankUITests: XCTestCase {
    private var app: XCUIApplication!

    override func setUp() {
        super.setUp()
        continueAfterFailure = false
        app = UITestSupport.launch()
        app.buttons["LocalPiggyBankButton"].tap()
        XCTAssertTrue(app.navigationBars["Piggy Bank"].waitForExistence(timeout: UITestSupport.timeout))
    }

    func testAddRenameAddFundsAndDeleteATally() {
        // Add: a name no earlier run used.
        let name = "Tally\(Int.random(in: 1000...9999))"
        app.buttons["AddTallyButton"].tap()
        XCTAssertTrue(app.alerts["New Piggy Bank"].waitForExistence(timeout: UITestSupport.timeout))
        app.alerts.textFields["Name"].typeText(name)
        app.alerts.textFields["Starting amount"].tap()
        app.alerts.textFields["Starting amount"].typeText("20")
        app.alerts.buttons["Add"].tap()
        XCTAssertTrue(
            app.staticTexts.matching(NSPredicate(format: "label == %@", "\(name), $20.00")).firstMatch.waitForExistence(
                timeout: UITestSupport.timeout))

        // The row's quick subtract takes $5.
        app.buttons["QuickSubtract-\(name)"].tap()
        XCTAssertTrue(app.staticTexts["\(name), $15.00"].waitForExistence(timeout: UITestSupport.timeout))

        // The detail: add funds with a note, rename.
        app.staticTexts["\(name), $15.00"].tap()
        app.textFields["Amount"].tap()
        app.textFields["Amount"].typeText("2.50")
        app.textFields["Note (optional)"].tap()
        app.textFields["Note (optional)"].typeText("Found a coin")
        app.buttons["AddFundsButton"].tap()
        XCTAssertTrue(app.staticTexts["Balance $17.50"].waitForExistence(timeout: UITestSupport.timeout))
        app.buttons["RenameTallyButton"].tap()
        let renamed = "\(name)b"
        let field = app.alerts.textFields["Name"]
        field.typeText("b")
        app.alerts.buttons["Save"].tap()
        XCTAssertTrue(app.navigationBars[renamed].waitForExistence(timeout: UITestSupport.timeout))
        app.navigationBars.buttons.element(boundBy: 0).tap()

        // Delete asks first.
        let row = app.staticTexts["\(renamed), $17.50"]
        XCTAssertTrue(row.waitForExistence(timeout: UITestSupport.timeout))
        row.swipeLeft()
        app.buttons["Delete"].firstMatch.tap()
        XCTAssertTrue(app.sheets.buttons["Delete"].waitForExistence(timeout: UITestSupport.timeout))
        app.sheets.buttons["Delete"].tap()
        XCTAssertFalse(row.waitForExistence(timeout: 2))
    }
}
