import AllowanceKit
import SwiftUI
import WidgetKit

/// Quick Actions' balance widget: small and medium on the home screen, and on the lock screen.
struct BalanceWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: WidgetKind.balance.rawValue, intent: ChildWidgetConfiguration.self, provider: BalanceWidgetProvider())
        {
            entry in
            BalanceWidgetView(entry: entry)
        }
        .configurationDisplayName("Balance")
        .description("View a current balance at a glance.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular, .accessoryInline])
    }
}

/// Reads the balance widget endpoint through AllowanceKit with the app's session.
struct BalanceWidgetProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> ContentEntry<BalanceWidgetEntry> {
        ContentEntry(date: .now, content: .ready(.placeholder))
    }

    func snapshot(for configuration: ChildWidgetConfiguration, in context: Context) async -> ContentEntry<BalanceWidgetEntry> {
        if context.isPreview { return placeholder(in: context) }
        return ContentEntry(date: .now, content: await read(configuration))
    }

    func timeline(for configuration: ChildWidgetConfiguration, in context: Context) async -> Timeline<ContentEntry<BalanceWidgetEntry>> {
        ContentEntry.timeline(await read(configuration))
    }

    private func read(_ configuration: ChildWidgetConfiguration) async -> WidgetContent<BalanceWidgetEntry> {
        await WidgetDataSource(client: SharedSession.client()).balance(childId: configuration.child?.id)
    }
}
