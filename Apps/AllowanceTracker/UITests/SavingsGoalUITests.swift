import XCTest

/// Savings Goals: a child makes a goal, adds money, and the first milestone is celebrated.
final class SavingsGoalUITests: XCTestCase {
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
        let continueButton = app.buttons["CelebrationContinue"]
        XCTAssertTrue(continueButton.waitForExistence(timeout: UITestSupport.timeout))
        continueButton.tap()
        XCTAssertTrue(app.otherElements["GoalProgressRing"].label.contains("25 percent"))
    }
}
