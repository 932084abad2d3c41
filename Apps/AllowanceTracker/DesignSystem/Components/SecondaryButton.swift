import SwiftUI

/// App Screens 7.4: the quieter button beside a primary one.
struct SecondaryButton: View {
    let title: String
    let action: () -> Void

    var body: some View {
        Button(action: action) {
            Text(title)
                .font(AppTypography.headline)
                .fontWeight(.semibold)
                .multilineTextAlignment(.center)
                .frame(maxWidth: .infinity, minHeight: 50)
                .padding(.horizontal, Spacing.medium)
                .foregroundStyle(AppColors.accessiblePrimary)
                .background(AppColors.primary.opacity(0.12), in: RoundedRectangle(cornerRadius: Spacing.cornerRadius))
        }
    }
}

#Preview {
    SecondaryButton(title: "Cancel") {}
        .padding()
}
