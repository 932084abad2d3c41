import AllowanceKit
import SwiftUI

/// One learning goal in full (from the list, or `allowancetracker://learning-goal/<id>`).
struct GoalDetailSheet: View {
    @State private var viewModel: LearningGoalDetailViewModel

    init(viewModel: LearningGoalDetailViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        ScrollView {
            if let goal = viewModel.goal {
                VStack(spacing: Spacing.large) {
                    ProgressRing(progress: goal.progress) {
                        Text(viewModel.percentText).font(AppTypography.largeTitle)
                    }
                    .frame(width: 180, height: 180)
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel(viewModel.accessibilityLabel)
                    Text(viewModel.progressText).font(AppTypography.title3)
                    Text(viewModel.periodText).foregroundStyle(.secondary)
                    if let description = goal.description {
                        Text(description)
                    }
                }
                .padding(Spacing.large)
                .navigationTitle(goal.title)
            } else if let message = viewModel.state.failureMessage {
                FailureView(title: "Could Not Load Goal", message: message) { await viewModel.load() }
            } else {
                LoadingView(title: "Loading goal...")
            }
        }
        .task { await viewModel.load() }
    }
}
