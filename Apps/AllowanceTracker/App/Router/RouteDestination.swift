import AllowanceKit
import SwiftUI

/// Every `Route` of AllowanceKit as a screen. Taps push routes; deep links arrive as routes too.
struct RouteDestination: View {
    @Environment(AppModel.self) private var app
    let route: Route

    var body: some View {
        switch route {
        case .childDetail(let childId):
            ChildDetailView(viewModel: ChildDetailViewModel(childId: childId, client: app.client, format: app.format))
        case .transactionDetail(let transactionId):
            TransactionDetailView(
                viewModel: TransactionDetailViewModel(transactionId: transactionId, client: app.client, format: app.format))
        case .goalDetail(let goalId):
            GoalDetailView(
                viewModel: SavingsGoalDetailViewModel(goalId: goalId, client: app.client, format: app.format), isParent: app.isParent)
        case .learningGoalDetail(let learningGoalId):
            GoalDetailSheet(viewModel: LearningGoalDetailViewModel(learningGoalId: learningGoalId, client: app.client, format: app.format))
        case .createTransaction:
            CreateTransactionView(viewModel: CreateTransactionViewModel(client: app.client, format: app.format))
        case .addChild:
            RegisterChildView(viewModel: RegisterChildViewModel(client: app.client))
        case .settings:
            SettingsView(viewModel: SettingsViewModel(client: app.client, cache: app.cache))
        case .editProfile:
            EditProfileView(viewModel: EditProfileViewModel(client: app.client))
        case .notificationPreferences:
            NotificationPreferencesView(viewModel: NotificationPreferencesViewModel(client: app.client))
        case .notifications:
            NotificationsView(viewModel: NotificationsViewModel(client: app.client))
        }
    }
}

extension View {
    /// The destinations of every stack in the app.
    func withAppRoutes() -> some View {
        navigationDestination(for: Route.self) { route in
            RouteDestination(route: route)
        }
    }
}
