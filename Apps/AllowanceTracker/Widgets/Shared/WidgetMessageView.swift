import SwiftUI
import WidgetKit

/// What a widget shows instead of data: "Open AllowanceTracker and sign in.", a refusal.
struct WidgetMessageView: View {
    let message: String

    var body: some View {
        VStack(spacing: Spacing.xSmall) {
            Image(systemName: "dollarsign.circle")
                .font(.title2)
                .foregroundStyle(AppColors.primary)
                .accessibilityHidden(true)
            Text(message)
                .font(AppTypography.caption)
                .multilineTextAlignment(.center)
                .minimumScaleFactor(0.8)
        }
        .containerBackground(.fill.tertiary, for: .widget)
    }
}
