import AllowanceKit
import SwiftUI

/// A child's savings goals.
struct GoalsTab: View {
    @Environment(AppModel.self) private var app

    var body: some View {
        NavigationStack {
            if let childId = app.childId {
                SavingsGoalsView(
                    viewModel: SavingsGoalsViewModel(childId: childId, client: app.client, cache: app.cache, format: app.format)
                )
                .withAppRoutes()
            }
        }
    }
}
