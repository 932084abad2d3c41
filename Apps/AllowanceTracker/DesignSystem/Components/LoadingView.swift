import SwiftUI

/// The first load of a screen: a spinner and what is loading.
struct LoadingView: View {
    let title: String

    var body: some View {
        VStack(spacing: Spacing.medium) {
            ProgressView()
            Text(title)
                .font(AppTypography.body)
                .foregroundStyle(.secondary)
        }
        .frame(maxWidth: .infinity)
        .padding(.top, Spacing.xxLarge)
        .accessibilityElement(children: .combine)
    }
}
