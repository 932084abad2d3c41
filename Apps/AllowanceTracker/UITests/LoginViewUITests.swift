import XCTest

/// App Screens 9.1: the login screen.
final class LoginViewUITests: XCTestCase {
    private var app: XCUIApplication!

    override func setUp() {
        super.setUp()
        continueAfterFailure = false
        app = UITestSupport.launch()
    }

    func testLoginFlow_WithValidCredentials_NavigatesToDashboard() {
        UITestSupport.signIn(app, email: UITestSupport.parentEmail)
        XCTAssertTrue(app.navigationBars["Dashboard"].waitForExistence(timeout: UITestSupport.timeout))
    }

    func testLoginView_WithEmptyEmail_ShowsValidationError() {
        app.buttons["Sign In"].tap()
        XCTAssertTrue(app.staticTexts["Email is required"].waitForExistence(timeout: UITestSupport.timeout))
    }

    func testLoginView_WithWrongPassword_ShowsTheServersMessage() {
        UITestSupport.signIn(app, email: UITestSupport.parentEmail, password: "wrong-password")
        XCTAssertTrue(app.otherElements["ErrorBanner"].waitForExistence(timeout: UITestSupport.timeout))
        XCTAssertFalse(app.navigationBars["Dashboard"].exists)
    }

    func testLoginView_RememberMeToggle_PersistsState() {
        let toggle = app.switches["Remember me"]
        XCTAssertEqual(toggle.value as? String, "0")
        toggle.tap()
        XCTAssertEqual(toggle.value as? String, "1")
    }

    func testLoginView_SignUp_OpensRegistration() {
        app.buttons["Sign Up"].tap()
        XCTAssertTrue(app.staticTexts["Create Parent Account"].waitForExistence(timeout: UITestSupport.timeout))
        app.buttons["Create Account"].tap()
        XCTAssertTrue(app.staticTexts["Email is required"].waitForExistence(timeout: UITestSupport.timeout))
    }
}
