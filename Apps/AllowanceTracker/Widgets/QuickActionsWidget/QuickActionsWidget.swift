import AllowanceKit
import SwiftUI
import WidgetKit

/// Quick Actions' widget: the balance and four templates, each a button that records it.
struct QuickActionsWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(
            kind: WidgetKind.quickActions.rawValue, intent: ChildWidgetConfiguration.self, provider: QuickActionsProvider()
        ) { entry in
            QuickActionsWidgetView(entry: entry)
        }
        .configurationDisplayName("Quick Actions")
        .description("Record a common transaction with one tap.")
        .supportedFamilies([.systemMedium])
    }
}

struct QuickActionsProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> ContentEntry<QuickActionsWidgetEntry> {
        ContentEntry(date: .now, content: .ready(.placeholder))
    }

    func snapshot(for configuration: ChildWidgetConfiguration, in context: Context) async -> ContentEntry<QuickActionsWidgetEntry> {
        if context.isPreview { return placeholder(in: context) }
        return ContentEntry(date: .now, content: await read(configuration))
    }

    func timeline(for configuration: ChildWidgetConfiguration, in context: Context) async -> Timeline<ContentEntry<QuickActionsWidgetEntry>>
    {
        ContentEntry.timeline(await read(configuration))
    }

    private func read(_ configuration: ChildWidgetConfiguration) async -> WidgetContent<QuickActionsWidgetEntry> {
        await WidgetDataSource(client: SharedSession.client()).quickActions(childId: configuration.child?.id)
    }
}
