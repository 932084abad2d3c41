import XCTest

/// How every UI test starts: the app signed out (`UI-Testing` clears the stored session),
/// talking to the server the test run names (`ALLOWANCE_SERVER`, default the Mac's own
/// `http://127.0.0.1:8080`), which must serve a fresh demo family (README: The iPhone app).
enum UITestSupport {
    static let parentEmail = "parent@example.com"
    static let childEmail = "kai@example.com"
    static let password = "allowance"
    static let timeout: TimeInterval = 10

    static func launch(_ extraArguments: [String] = []) -> XCUIApplication {
        let app = XCUIApplication()
        app.launchArguments = ["UI-Testing"] + extraArguments
        app.launchEnvironment["ALLOWANCE_SERVER"] = ProcessInfo.processInfo.environment["ALLOWANCE_SERVER"] ?? "http://127.0.0.1:8080"
        app.launch()
        return app
    }

    static func signIn(_ app: XCUIApplication, email: String, password: String = password) {
        let emailField = app.textFields["Email"]
        XCTAssertTrue(emailField.waitForExistence(timeout: timeout))
        emailField.tap()
        emailField.typeText(email)
        let passwordField = app.secureTextFields["Password"]
        passwordField.tap()
        passwordField.typeText(password)
        app.buttons["Sign In"].tap()
    }

    static func signInAsParent(_ app: XCUIApplication) {
        signIn(app, email: parentEmail)
        XCTAssertTrue(app.navigationBars["Dashboard"].waitForExistence(timeout: timeout))
    }

    static func signInAsChild(_ app: XCUIApplication) {
        signIn(app, email: childEmail)
        XCTAssertTrue(app.navigationBars["My Allowance"].waitForExistence(timeout: timeout))
    }
}
