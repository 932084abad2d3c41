import SwiftUI

/// The palette of App Screens 7.1. Each named colour is a colour set in Assets.xcassets with
/// a light and a dark variant, both checked for WCAG AA contrast (4.5:1) against the
/// backgrounds they sit on; the system colours adapt by themselves.
enum AppColors {
    static let primary = Color("Primary")
    static let secondary = Color("Secondary")
    static let accent = Color("Accent")
    static let background = Color("Background")
    static let secondaryBackground = Color("SecondaryBackground")
    /// Money in. Darker than system green in light mode so "+$5.00" passes AA on white.
    static let success = Color("Success")
    /// Money out and errors.
    static let error = Color("Error")
    static let warning = Color("Warning")
    /// Primary for text on tinted backgrounds, where the plain primary is too light.
    static let accessiblePrimary = Color("AccessiblePrimary")

    // Adaptive system colours.
    static let cardBackground = Color(.secondarySystemGroupedBackground)
    static let fieldBackground = Color(.systemGray6)
    static let textPrimary = Color(.label)
    static let textSecondary = Color(.secondaryLabel)
    static let separator = Color(.separator)

    /// Green for money in, red for money out.
    static func money(isCredit: Bool) -> Color { isCredit ? success : error }
}
