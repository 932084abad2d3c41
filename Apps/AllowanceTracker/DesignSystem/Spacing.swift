import SwiftUI

/// App Screens 7.3.
enum Spacing {
    static let xxSmall: CGFloat = 4
    static let xSmall: CGFloat = 8
    static let small: CGFloat = 12
    static let medium: CGFloat = 16
    static let large: CGFloat = 24
    static let xLarge: CGFloat = 32
    static let xxLarge: CGFloat = 48
    /// App Screens 8.4: nothing tappable is smaller than this.
    static let minimumTouchTarget: CGFloat = 44
    static let cornerRadius: CGFloat = 12
    static let cardCornerRadius: CGFloat = 16
}
