import AllowanceKit
import SwiftUI
import WidgetKit

/// The goal widget in each size.
struct GoalProgressWidgetView: View {
    @Environment(\.widgetFamily) private var family
    let entry: ContentEntry<GoalWidgetEntry>

    var body: some View {
        switch entry.content {
        case .message(let message):
            WidgetMessageView(message: message)
        case .ready(let goal):
            Group {
                if family == .accessoryCircular {
                    Gauge(value: goal.progress) {
                        Image(systemName: "target")
                    } currentValueLabel: {
                        Text(goal.percentText)
                    }
                    .gaugeStyle(.accessoryCircular)
                    .containerBackground(.clear, for: .widget)
                } else {
                    bar(goal)
                }
            }
            .widgetURL(goal.link)
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(goal.accessibilityLabel)
        }
    }

    private func bar(_ goal: GoalWidgetEntry) -> some View {
        VStack(alignment: .leading, spacing: Spacing.xSmall) {
            HStack {
                Text(goal.goalName).font(AppTypography.headline).lineLimit(1)
                Spacer()
                if let days = goal.daysRemainingText {
                    Text(days).font(AppTypography.caption).foregroundStyle(.secondary)
                }
            }
            Text(goal.percentText).font(AppTypography.title1)
            ProgressView(value: goal.progress)
                .tint(goal.progress >= 0.75 ? AppColors.success : AppColors.primary)
            HStack {
                Text(goal.currentText).font(AppTypography.caption).fontWeight(.medium)
                Spacer()
                Text(goal.targetText).font(AppTypography.caption).foregroundStyle(.secondary)
            }
            if family == .systemMedium {
                Text("\(goal.remainingText) to go").font(AppTypography.caption)
            }
        }
        .containerBackground(.fill.tertiary, for: .widget)
    }
}
