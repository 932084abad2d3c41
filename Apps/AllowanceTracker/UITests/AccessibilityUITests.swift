import XCTest

/// App Screens 9.1 and 8: labels VoiceOver reads, and large text.
final class AccessibilityUITests: XCTestCase {
    func testLoginView_VoiceOverLabels() {
        let app = UITestSupport.launch()
        XCTAssertTrue(app.textFields["Email"].waitForExistence(timeout: UITestSupport.timeout))
        XCTAssertEqual(app.textFields["Email"].label, "Email")
        XCTAssertEqual(app.secureTextFields["Password"].label, "Password")
        XCTAssertEqual(app.buttons["Sign In"].label, "Sign In")
    }

    func testChildCard_VoiceOverDescription() {
        let app = UITestSupport.launch()
        UITestSupport.signInAsParent(app)
        let card = app.buttons.matching(identifier: "ChildCard").firstMatch
        XCTAssertTrue(card.waitForExistence(timeout: UITestSupport.timeout))
        XCTAssertFalse(card.label.isEmpty)
        XCTAssertTrue((card.value as? String)?.hasPrefix("Balance: $") == true)
    }

    func testDynamicType_LargeText() {
        let app = UITestSupport.launch(["-UIPreferredContentSizeCategoryName", "UICTContentSizeCategoryAccessibilityXL"])
        let title = app.staticTexts["Welcome Back"]
        XCTAssertTrue(title.waitForExistence(timeout: UITestSupport.timeout))
        XCTAssertTrue(title.isHittable)
        let signIn = app.buttons["Sign In"]
        if !signIn.isHittable { app.swipeUp() }
        XCTAssertTrue(signIn.isHittable)
    }

    func testTouchTargets_AreAtLeast44Points() {
        let app = UITestSupport.launch()
        XCTAssertTrue(app.buttons["Sign In"].waitForExistence(timeout: UITestSupport.timeout))
        for button in [app.buttons["Sign In"], app.buttons["Sign Up"], app.buttons["Show password"]] {
            XCTAssertGreaterThanOrEqual(button.frame.height, 44)
        }
    }
}
