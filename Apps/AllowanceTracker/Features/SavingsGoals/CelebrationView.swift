import AllowanceKit
import SwiftUI

/// Savings Goals' celebration: the server's milestone, completion, match or challenge words.
struct CelebrationView: View {
    let celebration: Celebration
    @Environment(\.dismiss) private var dismiss
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var appeared = false

    var body: some View {
        VStack(spacing: Spacing.large) {
            Spacer()
            Image(systemName: celebration.isGoalComplete ? "trophy.fill" : "star.fill")
                .font(.system(size: 80))
                .foregroundStyle(.yellow)
                .scaleEffect(appeared || reduceMotion ? 1 : 0.3)
                .animation(reduceMotion ? nil : .spring(response: 0.5, dampingFraction: 0.5), value: appeared)
                .accessibilityHidden(true)
            Text(celebration.title)
                .font(AppTypography.title1)
                .multilineTextAlignment(.center)
                .accessibilityAddTraits(.isHeader)
            ForEach(celebration.extras, id: \.self) { extra in
                Text(extra)
                    .font(AppTypography.headline)
                    .foregroundStyle(AppColors.success)
            }
            Text("Keep up the great work!")
                .foregroundStyle(.secondary)
            Spacer()
            PrimaryButton(title: "Continue") { dismiss() }
                .accessibilityIdentifier("CelebrationContinue")
        }
        .padding(Spacing.large)
        .onAppear { appeared = true }
        .accessibilityIdentifier("CelebrationView")
    }
}
