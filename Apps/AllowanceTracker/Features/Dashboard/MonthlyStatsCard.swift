import AllowanceKit
import SwiftUI

/// App Screens 3.3: this month's money in, out and the net change.
struct MonthlyStatsCard: View {
    let viewModel: ChildDashboardViewModel

    var body: some View {
        CardView {
            VStack(alignment: .leading, spacing: Spacing.medium) {
                Text("This Month")
                    .font(AppTypography.headline)
                ViewThatFits {
                    HStack(spacing: Spacing.medium) { columns }
                    VStack(spacing: Spacing.medium) { columns }
                }
            }
            .padding(Spacing.medium)
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(viewModel.monthAccessibilityLabel)
        .accessibilityIdentifier("MonthlyStatsCard")
    }

    @ViewBuilder
    private var columns: some View {
        StatView(title: "Earned", value: viewModel.earnedThisMonthText, color: AppColors.success)
        StatView(title: "Spent", value: viewModel.spentThisMonthText, color: AppColors.error)
        StatView(title: "Net Change", value: viewModel.netChangeThisMonthText, color: .primary)
    }
}
