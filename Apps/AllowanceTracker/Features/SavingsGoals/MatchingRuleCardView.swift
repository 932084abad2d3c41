import SwiftUI

/// A parent's matching rule: how much is matched, so far, and what is left.
struct MatchingRuleCardView: View {
    let text: String
    let isParent: Bool
    let onRemove: () -> Void

    var body: some View {
        CardView {
            VStack(alignment: .leading, spacing: Spacing.xSmall) {
                Label("Parent Matching", systemImage: "arrow.triangle.2.circlepath")
                    .font(AppTypography.headline)
                    .foregroundStyle(AppColors.success)
                Text(text).font(AppTypography.body)
                if isParent {
                    Button("Stop Matching", role: .destructive, action: onRemove)
                        .frame(minHeight: Spacing.minimumTouchTarget)
                        .accessibilityIdentifier("StopMatchingButton")
                }
            }
            .padding(Spacing.medium)
        }
        .accessibilityElement(children: .contain)
    }
}
