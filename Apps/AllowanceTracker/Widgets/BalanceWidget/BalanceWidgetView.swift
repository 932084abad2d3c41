import AllowanceKit
import SwiftUI
import WidgetKit

/// The balance widget in each size.
struct BalanceWidgetView: View {
    @Environment(\.widgetFamily) private var family
    let entry: ContentEntry<BalanceWidgetEntry>

    var body: some View {
        switch entry.content {
        case .message(let message):
            WidgetMessageView(message: message)
        case .ready(let balance):
            Group {
                switch family {
                case .systemMedium: BalanceWidgetMediumView(balance: balance)
                case .accessoryRectangular: BalanceWidgetRectangularView(balance: balance)
                case .accessoryInline: Text("\(balance.childName): \(balance.balanceText)")
                default: BalanceWidgetSmallView(balance: balance)
                }
            }
            .widgetURL(balance.link)
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(balance.accessibilityLabel)
        }
    }
}

struct BalanceWidgetSmallView: View {
    let balance: BalanceWidgetEntry

    var body: some View {
        VStack(alignment: .leading, spacing: Spacing.xxSmall) {
            Text(balance.childName)
                .font(AppTypography.caption)
                .foregroundStyle(.secondary)
            Text(balance.balanceText)
                .font(AppTypography.title1)
                .minimumScaleFactor(0.5)
                .lineLimit(1)
            Spacer()
            Text(balance.changeTodayText)
                .font(AppTypography.caption)
                .foregroundStyle(balance.changeIsDown ? AppColors.error : balance.changeIsUp ? AppColors.success : .secondary)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .containerBackground(.fill.tertiary, for: .widget)
    }
}

struct BalanceWidgetMediumView: View {
    let balance: BalanceWidgetEntry

    var body: some View {
        HStack {
            VStack(alignment: .leading, spacing: Spacing.xxSmall) {
                Text(balance.childName).font(AppTypography.caption).foregroundStyle(.secondary)
                Text(balance.balanceText).font(AppTypography.title1).minimumScaleFactor(0.5).lineLimit(1)
                Text("Spending").font(AppTypography.caption2).foregroundStyle(.secondary)
                Text("Today \(balance.changeTodayText)").font(AppTypography.caption2)
            }
            Spacer()
            if let savings = balance.savingsText {
                VStack(alignment: .trailing, spacing: Spacing.xxSmall) {
                    Text("Savings").font(AppTypography.caption).foregroundStyle(.secondary)
                    Text(savings).font(AppTypography.title2).foregroundStyle(AppColors.success).minimumScaleFactor(0.5)
                    Text("Total \(balance.totalText)").font(AppTypography.caption2)
                }
            }
        }
        .containerBackground(.fill.tertiary, for: .widget)
    }
}

/// The lock screen's rectangle.
struct BalanceWidgetRectangularView: View {
    let balance: BalanceWidgetEntry

    var body: some View {
        VStack(alignment: .leading) {
            Text(balance.childName).font(.headline).widgetAccentable()
            Text(balance.balanceText).font(.title3)
            Text("Today \(balance.changeTodayText)").font(.caption)
        }
        .containerBackground(.clear, for: .widget)
    }
}

#Preview(as: .systemSmall) {
    BalanceWidget()
} timeline: {
    ContentEntry(date: .now, content: WidgetContent.ready(BalanceWidgetEntry.placeholder))
}
