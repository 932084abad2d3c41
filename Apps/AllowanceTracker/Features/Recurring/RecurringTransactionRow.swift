import AllowanceKit
import SwiftUI

/// One schedule: name, pattern, next date, amount, paused.
struct RecurringTransactionRow: View {
    let row: RecurringRow

    var body: some View {
        HStack {
            VStack(alignment: .leading, spacing: Spacing.xxSmall) {
                HStack {
                    Text(row.name).font(AppTypography.headline)
                    if row.isPaused {
                        Text("PAUSED")
                            .font(AppTypography.caption2)
                            .padding(.horizontal, 6)
                            .padding(.vertical, 2)
                            .background(AppColors.warning.opacity(0.2), in: RoundedRectangle(cornerRadius: 4))
                            .foregroundStyle(AppColors.warning)
                    }
                }
                Text("\(row.childName) · \(row.patternText)").font(AppTypography.caption).foregroundStyle(.secondary)
                Text(row.nextText).font(AppTypography.caption2).foregroundStyle(.secondary)
            }
            Spacer()
            Text(row.amountText)
                .font(AppTypography.headline)
                .foregroundStyle(AppColors.money(isCredit: row.isCredit))
        }
        .frame(minHeight: Spacing.minimumTouchTarget)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(row.accessibilityLabel)
        .accessibilityIdentifier("RecurringRow")
    }
}

/// An occurrence held for approval, with approve and reject.
struct PendingApprovalRow: View {
    let row: PendingRow
    let onApprove: () -> Void
    let onReject: () -> Void

    var body: some View {
        VStack(alignment: .leading, spacing: Spacing.xSmall) {
            HStack {
                Text(row.title).font(AppTypography.headline)
                Spacer()
                Text(row.amountText).font(AppTypography.headline)
            }
            Text(row.dueText).font(AppTypography.caption).foregroundStyle(.secondary)
            HStack {
                Button("Approve", action: onApprove)
                    .buttonStyle(.borderedProminent)
                    .frame(minHeight: Spacing.minimumTouchTarget)
                Button("Reject", role: .destructive, action: onReject)
                    .buttonStyle(.bordered)
                    .frame(minHeight: Spacing.minimumTouchTarget)
            }
        }
        .accessibilityElement(children: .contain)
    }
}
