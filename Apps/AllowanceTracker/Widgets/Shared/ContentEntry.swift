import AllowanceKit
import WidgetKit

/// A timeline entry holding what AllowanceKit's `WidgetDataSource` answered.
struct ContentEntry<Value: Equatable & Sendable>: TimelineEntry {
    let date: Date
    let content: WidgetContent<Value>

    /// One entry, refreshed on `WidgetTimelinePolicy`'s schedule (sooner after a failure);
    /// the app also reloads it at once after money moves.
    static func timeline(_ content: WidgetContent<Value>, now: Date = .now) -> Timeline<ContentEntry<Value>> {
        Timeline(
            entries: [ContentEntry(date: now, content: content)],
            policy: .after(WidgetTimelinePolicy.nextRefresh(after: now, succeeded: content.entry != nil)))
    }
}
