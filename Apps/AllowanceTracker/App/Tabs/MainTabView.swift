import AllowanceKit
import SwiftUI

/// App Screens 6.3: the tabs for who is signed in (`AppTab.tabs(for:)`). The dashboard tab's
/// stack is the `NavigationCoordinator`'s path, so deep links land there.
struct MainTabView: View {
    @Environment(AppModel.self) private var app

    var body: some View {
        @Bindable var app = app
        TabView(selection: $app.selectedTab) {
            ForEach(app.tabs, id: \.self) { tab in
                tabContent(tab)
                    // Screens keep their view model; once the family's time zone is known they are
                    // made again with it (the coordinator's path, held outside, stays).
                    .id(app.format.timeZone.identifier)
                    .tabItem { Label(tab.title, systemImage: tab.systemImage) }
                    .tag(tab)
                    .accessibilityIdentifier("Tab-\(tab.rawValue)")
            }
        }
        .tint(AppColors.primary)
        .task { await app.loadFamily() }
    }

    @ViewBuilder
    private func tabContent(_ tab: AppTab) -> some View {
        switch tab {
        case .dashboard: DashboardTab()
        case .transactions: TransactionsTab()
        case .goals: GoalsTab()
        case .learning: LearningTab()
        case .quickActions: QuickActionsTab()
        case .piggyBank: PiggyBankTab()
        case .settings: SettingsTab()
        }
    }
}
