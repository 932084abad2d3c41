import SwiftUI

/// A running challenge: what to save by when, and for what bonus.
struct ChallengeCardView: View {
    let text: String
    let isParent: Bool
    let onCancel: () -> Void

    var body: some View {
        CardView {
            VStack(alignment: .leading, spacing: Spacing.xSmall) {
                Label("Challenge", systemImage: "flame.fill")
                    .font(AppTypography.headline)
                    .foregroundStyle(AppColors.accent)
                Text(text).font(AppTypography.body)
                if isParent {
                    Button("Cancel Challenge", role: .destructive, action: onCancel)
                        .frame(minHeight: Spacing.minimumTouchTarget)
                        .accessibilityIdentifier("CancelChallengeButton")
                }
            }
            .padding(Spacing.medium)
        }
        .accessibilityElement(children: .contain)
    }
}
