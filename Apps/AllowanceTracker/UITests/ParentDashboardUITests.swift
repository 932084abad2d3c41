import XCTest

/// App Screens 9.1: the parent's dashboard with the demo family (Kai and Freya).
final class ParentDashboardUITests: XCTestCase {
    private var app: XCUIApplication!

    override func setUp() {
        super.setUp()
        continueAfterFailure = false
        app = UITestSupport.launch()
        UITestSupport.signInAsParent(app)
    }

    func testDashboard_DisplaysChildren() {
        let cards = app.buttons.matching(identifier: "ChildCard")
        XCTAssertTrue(cards.firstMatch.waitForExistence(timeout: UITestSupport.timeout))
        XCTAssertEqual(cards.count, 2)
        XCTAssertTrue(app.otherElements["FamilyOverviewCard"].exists)
    }

    func testDashboard_TapChild_NavigatesToDetail() {
        let kai = app.buttons.matching(identifier: "ChildCard").matching(NSPredicate(format: "label == 'Kai'")).firstMatch
        XCTAssertTrue(kai.waitForExistence(timeout: UITestSupport.timeout))
        kai.tap()
        XCTAssertTrue(app.navigationBars["Kai Demo"].waitForExistence(timeout: UITestSupport.timeout))
    }

    func testDashboard_AddChildButton_OpensRegistrationSheet() {
        app.navigationBars.buttons["Add Child"].tap()
        XCTAssertTrue(app.navigationBars["Add Child"].waitForExistence(timeout: UITestSupport.timeout))
    }

    func testDashboard_PullToRefresh_ReloadsData() {
        let scrollView = app.scrollViews.firstMatch
        scrollView.swipeDown()
        XCTAssertTrue(app.buttons.matching(identifier: "ChildCard").firstMatch.waitForExistence(timeout: UITestSupport.timeout))
    }

    func testSettings_SignOut_ReturnsToLogin() {
        app.tabBars.buttons["Settings"].tap()
        app.buttons["SignOutButton"].tap()
        app.sheets.buttons["Sign Out"].firstMatch.tap()
        XCTAssertTrue(app.staticTexts["Welcome Back"].waitForExistence(timeout: UITestSupport.timeout))
    }
}
