import AllowanceKit
import SwiftUI

/// A child's learning goals, badges and comparisons.
struct LearningTab: View {
    @Environment(AppModel.self) private var app

    var body: some View {
        NavigationStack {
            if let childId = app.childId {
                GoalsView(viewModel: LearningGoalsViewModel(childId: childId, client: app.client), childId: childId, canEdit: false)
                    .withAppRoutes()
            }
        }
    }
}
