import AllowanceKit
import SwiftUI

/// The goal's picture and progress ring: percent, saved, target.
struct GoalHeaderView: View {
    let viewModel: SavingsGoalDetailViewModel
    let goal: SavingsGoalDto

    var body: some View {
        VStack(spacing: Spacing.medium) {
            if let imageUrl = goal.imageUrl, let url = URL(string: imageUrl) {
                AsyncImage(url: url) { image in
                    image.resizable().scaledToFit()
                } placeholder: {
                    ProgressView()
                }
                .frame(maxHeight: 200)
                .clipShape(RoundedRectangle(cornerRadius: Spacing.cornerRadius))
                .accessibilityLabel("Picture of \(goal.name)")
            }
            ProgressRing(progress: viewModel.progressFraction) {
                VStack {
                    Text(viewModel.percentText)
                        .font(AppTypography.largeTitle)
                    Text(viewModel.progressText)
                        .font(AppTypography.caption)
                        .foregroundStyle(.secondary)
                        .multilineTextAlignment(.center)
                }
            }
            .frame(width: 200, height: 200)
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(viewModel.progressAccessibilityLabel)
            .accessibilityIdentifier("GoalProgressRing")
            if let projection = goal.projectedCompletionText {
                Text(projection)
                    .font(AppTypography.callout)
                    .foregroundStyle(.secondary)
            }
        }
    }
}
