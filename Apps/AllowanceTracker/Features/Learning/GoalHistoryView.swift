import AllowanceKit
import SwiftUI

/// Completed and failed goals, in two lists.
struct GoalHistoryView: View {
    let viewModel: LearningGoalsViewModel

    var body: some View {
        Section("Completed") {
            ForEach(viewModel.goals.filter { $0.status == .completed }, id: \.id) { goal in
                GoalProgressCard(viewModel: viewModel, goal: goal)
            }
        }
        Section("Not Reached") {
            ForEach(viewModel.goals.filter { $0.status == .failed }, id: \.id) { goal in
                GoalProgressCard(viewModel: viewModel, goal: goal)
            }
        }
    }
}
