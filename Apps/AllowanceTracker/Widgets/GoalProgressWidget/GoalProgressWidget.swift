import AllowanceKit
import SwiftUI
import WidgetKit

/// Quick Actions' goal-progress widget: a bar (home screen) or a ring (lock screen).
struct GoalProgressWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(
            kind: WidgetKind.goalProgress.rawValue, intent: GoalWidgetConfiguration.self, provider: GoalProgressProvider()
        ) {
            entry in
            GoalProgressWidgetView(entry: entry)
        }
        .configurationDisplayName("Goal Progress")
        .description("Follow a savings goal.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryCircular])
    }
}

struct GoalProgressProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> ContentEntry<GoalWidgetEntry> {
        ContentEntry(date: .now, content: .ready(.placeholder))
    }

    func snapshot(for configuration: GoalWidgetConfiguration, in context: Context) async -> ContentEntry<GoalWidgetEntry> {
        if context.isPreview { return placeholder(in: context) }
        return ContentEntry(date: .now, content: await read(configuration))
    }

    func timeline(for configuration: GoalWidgetConfiguration, in context: Context) async -> Timeline<ContentEntry<GoalWidgetEntry>> {
        ContentEntry.timeline(await read(configuration))
    }

    private func read(_ configuration: GoalWidgetConfiguration) async -> WidgetContent<GoalWidgetEntry> {
        await WidgetDataSource(client: SharedSession.client()).goal(goalId: configuration.goal?.id)
    }
}
