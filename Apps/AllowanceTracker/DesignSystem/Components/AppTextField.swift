import SwiftUI

/// App Screens 7.4's text field style: an icon, the field, a filled rounded background. The
/// placeholder is also the field's accessibility label, so VoiceOver and the UI tests find
/// it by name ("Email").
struct AppTextField: View {
    @Binding var text: String
    let placeholder: String
    let icon: String
    var keyboardType: UIKeyboardType = .default

    var body: some View {
        HStack(spacing: Spacing.medium) {
            Image(systemName: icon)
                .foregroundStyle(AppColors.primary)
                .frame(width: 20)
                .accessibilityHidden(true)
            TextField(placeholder, text: $text)
                .keyboardType(keyboardType)
                .autocorrectionDisabled()
                .accessibilityLabel(placeholder)
        }
        .padding()
        .frame(minHeight: Spacing.minimumTouchTarget)
        .background(AppColors.fieldBackground, in: RoundedRectangle(cornerRadius: Spacing.cornerRadius))
    }
}
