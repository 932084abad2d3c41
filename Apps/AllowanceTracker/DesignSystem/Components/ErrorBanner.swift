import SwiftUI

/// A problem said in words (the view model's sentence), with a button to dismiss it.
struct ErrorBanner: View {
    let message: String
    let onDismiss: () -> Void

    var body: some View {
        HStack(spacing: Spacing.medium) {
            Image(systemName: "exclamationmark.triangle.fill")
                .foregroundStyle(AppColors.error)
                .accessibilityHidden(true)
            Text(message)
                .font(AppTypography.callout)
                .foregroundStyle(.primary)
                .frame(maxWidth: .infinity, alignment: .leading)
                .fixedSize(horizontal: false, vertical: true)
            Button(action: onDismiss) {
                Image(systemName: "xmark.circle.fill")
                    .foregroundStyle(.secondary)
                    .frame(minWidth: Spacing.minimumTouchTarget, minHeight: Spacing.minimumTouchTarget)
            }
            .accessibilityLabel("Dismiss")
        }
        .padding(.leading)
        .background(AppColors.error.opacity(0.1), in: RoundedRectangle(cornerRadius: Spacing.cornerRadius))
        .accessibilityElement(children: .contain)
        .accessibilityIdentifier("ErrorBanner")
    }
}
