import AllowanceKit
import SwiftUI
import WidgetKit

/// The balance over a two-by-two grid of template buttons (interactive, iOS 17).
struct QuickActionsWidgetView: View {
    let entry: ContentEntry<QuickActionsWidgetEntry>

    var body: some View {
        switch entry.content {
        case .message(let message):
            WidgetMessageView(message: message)
        case .ready(let quick):
            VStack(spacing: Spacing.xSmall) {
                Text("Balance: \(quick.balanceText)")
                    .font(AppTypography.caption)
                    .foregroundStyle(.secondary)
                LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())], spacing: Spacing.xSmall) {
                    ForEach(quick.actions) { action in
                        Button(intent: QuickAddIntent(templateId: action.templateId, childId: quick.childId)) {
                            HStack(spacing: Spacing.xxSmall) {
                                Image(systemName: action.iconName)
                                VStack(alignment: .leading, spacing: 0) {
                                    Text(action.name).font(AppTypography.caption2).lineLimit(1)
                                    Text(action.amountText).font(AppTypography.caption2).foregroundStyle(.secondary)
                                }
                            }
                            .frame(maxWidth: .infinity, minHeight: Spacing.minimumTouchTarget)
                            .background(AppColors.money(isCredit: action.isCredit).opacity(0.15), in: RoundedRectangle(cornerRadius: 8))
                        }
                        .buttonStyle(.plain)
                        .accessibilityLabel(action.accessibilityLabel)
                    }
                }
            }
            .containerBackground(.fill.tertiary, for: .widget)
        }
    }
}
