import XCTest

/// The flows the other documents add: a savings goal with a celebration, and the piggy bank.
final class SavingsAndPiggyBankUITests: XCTestCase {
    func testChild_CreatesAGoalAndContributes_SeesACelebration() {
        let app = UITestSupport.launch()
        UITestSupport.signInAsChild(app)
        app.tabBars.buttons["Goals"].tap()
        app.buttons["NewGoalButton"].tap()
        let name = "Kite \(Int.random(in: 1000...9999))"
        app.textFields["GoalNameField"].tap()
        app.textFields["GoalNameField"].typeText(name)
        app.textFields["Target amount"].tap()
        app.textFields["Target amount"].typeText("20")
        app.buttons["CreateGoalButton"].tap()
        let row = app.buttons.matching(identifier: "GoalRow").matching(NSPredicate(format: "label BEGINSWITH %@", name)).firstMatch
        XCTAssertTrue(row.waitForExistence(timeout: UITestSupport.timeout))
        row.tap()
        app.buttons["GoalActionsMenu"].tap()
        app.buttons["Add Money"].tap()
        app.textFields["Amount"].tap()
        app.textFields["Amount"].typeText("5")
        app.buttons["SubmitGoalSheet"].tap()
        XCTAssertTrue(app.otherElements["CelebrationView"].waitForExistence(timeout: UITestSupport.timeout))
        app.buttons["CelebrationContinue"].tap()
        XCTAssertTrue(app.otherElements["GoalProgressRing"].label.contains("25 percent"))
    }

    func testLocalPiggyBank_QuickSubtract() {
        let app = UITestSupport.launch()
        app.buttons["LocalPiggyBankButton"].tap()
        XCTAssertTrue(app.navigationBars["Piggy Bank"].waitForExistence(timeout: UITestSupport.timeout))
        let subtract = app.buttons["QuickSubtract-Kai"]
        if subtract.exists {
            subtract.tap()
            XCTAssertTrue(app.staticTexts.matching(NSPredicate(format: "label BEGINSWITH 'Kai, $'")).firstMatch.exists)
        }
        app.buttons["AddTallyButton"].tap()
        XCTAssertTrue(app.alerts["New Piggy Bank"].waitForExistence(timeout: UITestSupport.timeout))
    }
}
