import SwiftUI

/// An amount field (App Screens 7.4). It only takes what was typed: whether that is money
/// (at most two decimals, more than zero) is AllowanceKit's `MoneyField`, the server's own
/// parser, so the screen and the server refuse the same things.
struct CurrencyTextField: View {
    @Binding var value: String
    let placeholder: String
    let icon: String

    var body: some View {
        HStack(spacing: Spacing.medium) {
            Image(systemName: icon)
                .foregroundStyle(AppColors.primary)
                .frame(width: 20)
                .accessibilityHidden(true)
            HStack(spacing: Spacing.xxSmall) {
                Text("$")
                    .foregroundStyle(.secondary)
                    .accessibilityHidden(true)
                TextField(placeholder, text: $value)
                    .keyboardType(.decimalPad)
                    .accessibilityLabel(placeholder)
            }
        }
        .padding()
        .frame(minHeight: Spacing.minimumTouchTarget)
        .background(AppColors.fieldBackground, in: RoundedRectangle(cornerRadius: Spacing.cornerRadius))
    }
}
