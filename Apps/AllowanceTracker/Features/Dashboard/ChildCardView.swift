import AllowanceKit
import SwiftUI

/// App Screens 2.3 and 8.1: one child on the parent's dashboard, read by VoiceOver as one
/// button: "Kai", "Balance: $100.00, Weekly allowance: $10.00/week".
struct ChildCardView: View {
    let card: ChildCard
    let recentText: String

    var body: some View {
        CardView {
            HStack(spacing: Spacing.medium) {
                Circle()
                    .fill(AppColors.primary.opacity(0.2))
                    .frame(width: 50, height: 50)
                    .overlay(
                        Text(card.name.prefix(1))
                            .font(AppTypography.title3)
                            .foregroundStyle(AppColors.accessiblePrimary)
                    )
                VStack(alignment: .leading, spacing: Spacing.xxSmall) {
                    Text(card.name)
                        .font(AppTypography.headline)
                    Text("Weekly: \(card.allowanceText)")
                        .font(AppTypography.caption)
                        .foregroundStyle(.secondary)
                    Text(recentText)
                        .font(AppTypography.caption)
                        .foregroundStyle(.secondary)
                }
                Spacer(minLength: Spacing.xSmall)
                VStack(alignment: .trailing, spacing: Spacing.xxSmall) {
                    Text(card.balanceText)
                        .font(AppTypography.title3)
                        .foregroundStyle(AppColors.success)
                    Text("Balance")
                        .font(AppTypography.caption)
                        .foregroundStyle(.secondary)
                }
                Image(systemName: "chevron.right")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            .padding(Spacing.medium)
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(card.accessibilityLabel)
        .accessibilityValue(card.accessibilityValue)
        .accessibilityHint("Opens \(card.name)'s money")
        .accessibilityAddTraits(.isButton)
        .accessibilityIdentifier("ChildCard")
    }
}
