import AppIntents
import WidgetKit

/// The balance and quick-actions widgets: which child (none: the signed-in child, or a
/// parent's first child).
struct ChildWidgetConfiguration: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Choose a Child"
    static let description = IntentDescription("The child whose money the widget shows.")

    @Parameter(title: "Child")
    var child: ChildEntity?
}

/// The goal widget: which goal (none: the front goal).
struct GoalWidgetConfiguration: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Choose a Goal"
    static let description = IntentDescription("The savings goal the widget follows.")

    @Parameter(title: "Goal")
    var goal: GoalEntity?
}
