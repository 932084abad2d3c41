import SwiftUI

/// App Screens 7.4: the one filled button of a screen. Its height grows with Dynamic Type
/// (a minimum, not a fixed 50 pt), and VoiceOver hears "In progress" while it works.
struct PrimaryButton: View {
    let title: String
    var isLoading = false
    let action: () -> Void

    var body: some View {
        Button(action: action) {
            HStack(spacing: Spacing.small) {
                if isLoading {
                    ProgressView()
                        .tint(.white)
                }
                Text(title)
                    .font(AppTypography.headline)
                    .fontWeight(.semibold)
                    .multilineTextAlignment(.center)
            }
            .frame(maxWidth: .infinity, minHeight: 50)
            .padding(.horizontal, Spacing.medium)
            .foregroundStyle(.white)
            .background(AppColors.primary, in: RoundedRectangle(cornerRadius: Spacing.cornerRadius))
        }
        .disabled(isLoading)
        .accessibilityValue(isLoading ? Text("In progress") : Text(""))
    }
}

#Preview {
    VStack(spacing: Spacing.medium) {
        PrimaryButton(title: "Sign In") {}
        PrimaryButton(title: "Sign In", isLoading: true) {}
    }
    .padding()
}
