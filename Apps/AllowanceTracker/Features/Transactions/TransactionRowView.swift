import AllowanceKit
import SwiftUI

/// App Screens 4.2: one ledger entry; its texts are AllowanceKit's `TransactionRow`.
struct TransactionRowView: View {
    let row: TransactionRow

    var body: some View {
        HStack(spacing: Spacing.medium) {
            Circle()
                .fill(AppColors.money(isCredit: row.isCredit).opacity(0.12))
                .frame(width: Spacing.minimumTouchTarget, height: Spacing.minimumTouchTarget)
                .overlay(
                    Image(systemName: row.isCredit ? "arrow.down.circle.fill" : "arrow.up.circle.fill")
                        .foregroundStyle(AppColors.money(isCredit: row.isCredit))
                )
            VStack(alignment: .leading, spacing: Spacing.xxSmall) {
                Text(row.description)
                    .font(AppTypography.body)
                    .fontWeight(.medium)
                    .lineLimit(2)
                Text(row.dateText)
                    .font(AppTypography.caption)
                    .foregroundStyle(.secondary)
                if let createdBy = row.createdByName {
                    Text("by \(createdBy)")
                        .font(AppTypography.caption)
                        .foregroundStyle(.secondary)
                }
            }
            Spacer(minLength: Spacing.xSmall)
            VStack(alignment: .trailing, spacing: Spacing.xxSmall) {
                Text(row.amountText)
                    .font(AppTypography.headline)
                    .foregroundStyle(AppColors.money(isCredit: row.isCredit))
                Text(row.balanceAfterText)
                    .font(AppTypography.caption)
                    .foregroundStyle(.secondary)
            }
        }
        .padding(.vertical, Spacing.xxSmall)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(row.accessibilityLabel)
    }
}
