import SwiftUI

/// A screen with nothing to show: the view model's sentence and a way to try again.
struct FailureView: View {
    let title: String
    let message: String
    let retry: () async -> Void

    var body: some View {
        VStack(spacing: Spacing.medium) {
            Image(systemName: "exclamationmark.triangle.fill")
                .font(.largeTitle)
                .foregroundStyle(AppColors.error)
                .accessibilityHidden(true)
            Text(title)
                .font(AppTypography.title3)
            Text(message)
                .font(AppTypography.body)
                .foregroundStyle(.secondary)
                .multilineTextAlignment(.center)
            PrimaryButton(title: "Try Again") {
                Task { await retry() }
            }
            .padding(.horizontal, Spacing.xxLarge)
        }
        .padding(Spacing.large)
        .frame(maxWidth: .infinity)
        .accessibilityIdentifier("FailureView")
    }
}
