import AllowanceKit
import SwiftUI

/// One learning goal with its progress ring (Learning Goals AC 1).
struct GoalProgressCard: View {
    let viewModel: LearningGoalsViewModel
    let goal: LearningGoalDto

    var body: some View {
        HStack(spacing: Spacing.medium) {
            ProgressRing(progress: goal.progress, lineWidth: 6) {
                Text("\(Int((goal.progress * 100).rounded(.down)))%")
                    .font(AppTypography.caption)
            }
            .frame(width: 56, height: 56)
            VStack(alignment: .leading, spacing: Spacing.xxSmall) {
                Text(goal.title).font(AppTypography.headline)
                Text(viewModel.progressText(goal)).font(AppTypography.callout)
                Text("\(viewModel.statusText(goal)) · \(viewModel.periodText(goal))")
                    .font(AppTypography.caption)
                    .foregroundStyle(.secondary)
            }
        }
        .padding(.vertical, Spacing.xxSmall)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(viewModel.accessibilityLabel(goal))
        .accessibilityIdentifier("LearningGoalCard")
    }
}
