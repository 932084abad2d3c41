import SwiftUI
import WidgetKit

/// The widget extension: Quick Actions' four widgets.
@main
struct AllowanceWidgetsBundle: WidgetBundle {
    var body: some Widget {
        BalanceWidget()
        GoalProgressWidget()
        QuickActionsWidget()
        FamilyBalancesWidget()
    }
}
