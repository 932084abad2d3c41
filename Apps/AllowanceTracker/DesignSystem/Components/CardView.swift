import SwiftUI

/// App Screens 7.4's card: grouped content on a raised, rounded background.
struct CardView<Content: View>: View {
    let content: Content

    init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    var body: some View {
        content
            .frame(maxWidth: .infinity, alignment: .leading)
            .background(AppColors.cardBackground, in: RoundedRectangle(cornerRadius: Spacing.cardCornerRadius))
            .shadow(color: .black.opacity(0.05), radius: 10, x: 0, y: 4)
    }
}
