import SwiftUI

/// One figure of a card: an icon, the value, what it is (App Screens 2.2, 3.3).
struct StatView: View {
    var icon: String?
    let title: String
    let value: String
    let color: Color

    var body: some View {
        VStack(spacing: Spacing.xSmall) {
            if let icon {
                Image(systemName: icon)
                    .font(.title2)
                    .foregroundStyle(color)
                    .accessibilityHidden(true)
            }
            Text(value)
                .font(AppTypography.headline)
                .foregroundStyle(color)
                .minimumScaleFactor(0.8)
            Text(title)
                .font(AppTypography.caption)
                .foregroundStyle(.secondary)
        }
        .frame(maxWidth: .infinity)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(title)
        .accessibilityValue(value)
    }
}
