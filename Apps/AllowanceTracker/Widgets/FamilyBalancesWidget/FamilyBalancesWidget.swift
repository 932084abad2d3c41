import AllowanceKit
import SwiftUI
import WidgetKit

/// Quick Actions' family widget (parents): every child's balance.
struct FamilyBalancesWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: WidgetKind.familyBalances.rawValue, provider: FamilyBalancesProvider()) { entry in
            FamilyBalancesWidgetView(entry: entry)
        }
        .configurationDisplayName("Family Balances")
        .description("Every child's balance, for parents.")
        .supportedFamilies([.systemMedium, .systemLarge])
    }
}

struct FamilyBalancesProvider: TimelineProvider {
    func placeholder(in context: Context) -> ContentEntry<FamilyBalancesWidgetEntry> {
        ContentEntry(date: .now, content: .ready(.placeholder))
    }

    func getSnapshot(in context: Context, completion: @escaping (ContentEntry<FamilyBalancesWidgetEntry>) -> Void) {
        if context.isPreview { return completion(placeholder(in: context)) }
        Task { completion(ContentEntry(date: .now, content: await read())) }
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ContentEntry<FamilyBalancesWidgetEntry>>) -> Void) {
        Task { completion(ContentEntry.timeline(await read())) }
    }

    private func read() async -> WidgetContent<FamilyBalancesWidgetEntry> {
        await WidgetDataSource(client: SharedSession.client()).familyBalances()
    }
}

struct FamilyBalancesWidgetView: View {
    let entry: ContentEntry<FamilyBalancesWidgetEntry>

    var body: some View {
        switch entry.content {
        case .message(let message):
            WidgetMessageView(message: message)
        case .ready(let family):
            VStack(alignment: .leading, spacing: Spacing.xSmall) {
                HStack {
                    Text("Family").font(AppTypography.headline)
                    Spacer()
                    Text(family.totalText).font(AppTypography.headline).foregroundStyle(AppColors.success)
                }
                ForEach(family.rows) { row in
                    Link(destination: row.link ?? URL(string: "allowancetracker://")!) {
                        HStack {
                            Text(row.name).font(AppTypography.body)
                            Spacer()
                            Text(row.balanceText).font(AppTypography.body).monospacedDigit()
                        }
                    }
                }
                Spacer(minLength: 0)
            }
            .accessibilityElement(children: .combine)
            .accessibilityLabel(family.accessibilityLabel)
            .containerBackground(.fill.tertiary, for: .widget)
        }
    }
}
