import SwiftUI

/// A password field with a show/hide button (App Screens 7.4).
struct AppSecureField: View {
    @Binding var text: String
    let placeholder: String
    let icon: String
    @State private var isVisible = false

    var body: some View {
        HStack(spacing: Spacing.medium) {
            Image(systemName: icon)
                .foregroundStyle(AppColors.primary)
                .frame(width: 20)
                .accessibilityHidden(true)
            Group {
                if isVisible {
                    TextField(placeholder, text: $text)
                        .autocorrectionDisabled()
                        .textInputAutocapitalization(.never)
                } else {
                    SecureField(placeholder, text: $text)
                }
            }
            .accessibilityLabel(placeholder)
            Button {
                isVisible.toggle()
            } label: {
                Image(systemName: isVisible ? "eye.slash.fill" : "eye.fill")
                    .foregroundStyle(.secondary)
                    .frame(minWidth: Spacing.minimumTouchTarget, minHeight: Spacing.minimumTouchTarget)
            }
            .accessibilityLabel(isVisible ? "Hide password" : "Show password")
        }
        .padding(.leading)
        .frame(minHeight: Spacing.minimumTouchTarget)
        .background(AppColors.fieldBackground, in: RoundedRectangle(cornerRadius: Spacing.cornerRadius))
    }
}
