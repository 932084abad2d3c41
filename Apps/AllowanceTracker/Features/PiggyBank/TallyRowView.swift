import AllowanceKit
import SwiftUI

/// A row of the piggy bank: name, balance, and the quick subtract button.
struct TallyRowView: View {
    let viewModel: PiggyBankViewModel
    let tally: Tally

    var body: some View {
        HStack(spacing: Spacing.medium) {
            VStack(alignment: .leading, spacing: Spacing.xxSmall) {
                Text(tally.name).font(AppTypography.headline)
                Text(viewModel.balanceText(tally))
                    .font(AppTypography.title3)
                    .foregroundStyle(AppColors.success)
            }
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(viewModel.accessibilityLabel(tally))
            Spacer()
            Button {
                Task { await viewModel.quickSubtract(tally) }
            } label: {
                Label(viewModel.quickSubtractTitle, systemImage: "minus.circle.fill")
                    .labelStyle(.iconOnly)
                    .font(.title)
                    .foregroundStyle(AppColors.error)
                    .frame(minWidth: Spacing.minimumTouchTarget, minHeight: Spacing.minimumTouchTarget)
            }
            .buttonStyle(.borderless)
            .accessibilityLabel("\(viewModel.quickSubtractTitle) from \(tally.name)")
            .accessibilityIdentifier("QuickSubtract-\(tally.name)")
        }
    }
}
