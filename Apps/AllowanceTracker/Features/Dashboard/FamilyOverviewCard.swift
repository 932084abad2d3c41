import AllowanceKit
import SwiftUI

/// App Screens 2.2: the family's name, total balance, total weekly allowance and children.
struct FamilyOverviewCard: View {
    let viewModel: ParentDashboardViewModel

    var body: some View {
        CardView {
            VStack(spacing: Spacing.medium) {
                HStack {
                    Image(systemName: "house.fill")
                        .foregroundStyle(AppColors.primary)
                    Text(viewModel.familyName)
                        .font(AppTypography.title3)
                    Spacer()
                }
                Divider()
                ViewThatFits {
                    HStack(spacing: Spacing.medium) { stats }
                    VStack(spacing: Spacing.medium) { stats }
                }
                Divider()
                Label(viewModel.childrenCountText, systemImage: "person.2.fill")
                    .font(AppTypography.body)
                    .foregroundStyle(.secondary)
                    .frame(maxWidth: .infinity, alignment: .leading)
            }
            .padding(Spacing.medium)
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(viewModel.overviewAccessibilityLabel)
        .accessibilityIdentifier("FamilyOverviewCard")
    }

    @ViewBuilder
    private var stats: some View {
        StatView(icon: "dollarsign.circle.fill", title: "Total Balance", value: viewModel.totalBalanceText, color: AppColors.success)
        StatView(
            icon: "calendar.badge.clock", title: "Weekly Allowance", value: viewModel.totalWeeklyAllowanceText,
            color: AppColors.accessiblePrimary)
    }
}
