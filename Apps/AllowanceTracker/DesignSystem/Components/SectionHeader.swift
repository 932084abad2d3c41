import SwiftUI

/// A form's section title (App Screens 1.2).
struct SectionHeader: View {
    let title: String

    var body: some View {
        Text(title)
            .font(AppTypography.headline)
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(.horizontal, Spacing.small)
            .accessibilityAddTraits(.isHeader)
    }
}
