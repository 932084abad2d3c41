import SwiftUI

/// Shown over the device's copy when the server could not be reached (`ScreenState.stale`).
struct StaleBanner: View {
    let savedAt: Date

    var body: some View {
        Label {
            Text("Offline: showing what was saved \(savedAt, format: .relative(presentation: .named))")
        } icon: {
            Image(systemName: "wifi.slash")
        }
        .font(AppTypography.caption)
        .padding(Spacing.xSmall)
        .frame(maxWidth: .infinity)
        .background(AppColors.warning.opacity(0.15), in: RoundedRectangle(cornerRadius: Spacing.cornerRadius))
        .accessibilityElement(children: .combine)
        .accessibilityIdentifier("StaleBanner")
    }
}
