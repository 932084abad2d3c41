import AllowanceKit
import SwiftUI

/// App Screens 3.2: the balance, the weekly allowance and the next payday, read as one.
struct BalanceCardView: View {
    let viewModel: ChildDashboardViewModel

    var body: some View {
        CardView {
            VStack(spacing: Spacing.medium) {
                VStack(spacing: Spacing.xSmall) {
                    Text("Current Balance")
                        .font(AppTypography.callout)
                        .foregroundStyle(.secondary)
                    Text(viewModel.balanceText)
                        .font(AppTypography.balance)
                        .foregroundStyle(AppColors.success)
                        .minimumScaleFactor(0.6)
                        .lineLimit(1)
                }
                .frame(maxWidth: .infinity)
                Divider()
                ViewThatFits {
                    HStack(alignment: .top) { details }
                    VStack(alignment: .leading, spacing: Spacing.small) { details }
                }
            }
            .padding(Spacing.medium)
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(viewModel.balanceAccessibilityLabel)
        .accessibilityIdentifier("BalanceCard")
    }

    @ViewBuilder
    private var details: some View {
        VStack(alignment: .leading, spacing: Spacing.xxSmall) {
            Text("Weekly Allowance")
                .font(AppTypography.caption)
                .foregroundStyle(.secondary)
            Text(viewModel.weeklyAllowanceText)
                .font(AppTypography.headline)
        }
        Spacer()
        if let nextPayday = viewModel.nextPaydayText {
            Text(nextPayday)
                .font(AppTypography.headline)
                .foregroundStyle(AppColors.accessiblePrimary)
        }
    }
}
