import AllowanceKit
import SwiftUI

/// Every move into and out of the goal, newest first.
struct ContributionHistoryView: View {
    let rows: [ContributionRow]

    var body: some View {
        VStack(alignment: .leading, spacing: Spacing.small) {
            Text("History")
                .font(AppTypography.headline)
                .accessibilityAddTraits(.isHeader)
            if rows.isEmpty {
                Text("Nothing saved yet.").foregroundStyle(.secondary)
            }
            ForEach(rows) { row in
                HStack {
                    VStack(alignment: .leading, spacing: Spacing.xxSmall) {
                        Text(row.title).font(AppTypography.body)
                        Text(row.dateText).font(AppTypography.caption).foregroundStyle(.secondary)
                    }
                    Spacer()
                    Text(row.amountText)
                        .font(AppTypography.headline)
                        .foregroundStyle(AppColors.money(isCredit: !row.isOut))
                }
                .accessibilityElement(children: .ignore)
                .accessibilityLabel(row.accessibilityLabel)
                Divider()
            }
        }
    }
}
