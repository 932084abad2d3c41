import SwiftUI

/// App Screens 7.2. Every style is a text style, so all text follows Dynamic Type.
enum AppTypography {
    static let largeTitle = Font.system(.largeTitle, design: .rounded, weight: .bold)
    static let title1 = Font.system(.title, design: .rounded, weight: .bold)
    static let title2 = Font.system(.title2, design: .rounded, weight: .semibold)
    static let title3 = Font.system(.title3, design: .rounded, weight: .semibold)

    static let headline = Font.system(.headline, design: .rounded)
    static let body = Font.system(.body, design: .rounded)
    static let callout = Font.system(.callout, design: .rounded)
    static let caption = Font.system(.caption, design: .rounded)
    static let caption2 = Font.system(.caption2, design: .rounded)

    static let monospaced = Font.system(.body, design: .monospaced)
    /// The big balance figure: a text style too (not a fixed 48 pt), so it grows with Dynamic Type.
    static let balance = Font.system(.largeTitle, design: .rounded, weight: .bold).monospacedDigit()
}
