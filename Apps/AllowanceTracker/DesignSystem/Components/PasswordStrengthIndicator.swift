import AllowanceKit
import SwiftUI

/// Three bars and a word (App Screens 1.2). The strength itself is AllowanceCore's
/// `PasswordStrength`, the same rule the web app uses.
struct PasswordStrengthIndicator: View {
    let strength: PasswordStrength

    var body: some View {
        HStack(spacing: Spacing.small) {
            ForEach(0..<3, id: \.self) { index in
                RoundedRectangle(cornerRadius: 2)
                    .fill(index < filledBars ? color : Color.gray.opacity(0.3))
                    .frame(height: 4)
            }
            Text(strength.rawValue)
                .font(AppTypography.caption)
                .foregroundStyle(color)
        }
        .padding(.horizontal, Spacing.small)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel("Password strength")
        .accessibilityValue(strength.rawValue)
    }

    private var filledBars: Int {
        switch strength {
        case .weak: 1
        case .medium: 2
        case .strong: 3
        }
    }

    private var color: Color {
        switch strength {
        case .weak: AppColors.error
        case .medium: AppColors.warning
        case .strong: AppColors.success
        }
    }
}
