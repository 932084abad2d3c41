import AllowanceKit
import SwiftUI

/// An earned badge, celebrated (Learning Goals: badge earned animations).
struct AchievementCelebrationView: View {
    let badge: BadgeDto
    @Environment(\.dismiss) private var dismiss
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var appeared = false

    var body: some View {
        VStack(spacing: Spacing.large) {
            Image(systemName: badge.icon)
                .font(.system(size: 80))
                .foregroundStyle(badge.isRare ? AppColors.accent : AppColors.primary)
                .rotationEffect(.degrees(appeared || reduceMotion ? 0 : -30))
                .scaleEffect(appeared || reduceMotion ? 1 : 0.4)
                .animation(reduceMotion ? nil : .spring(response: 0.6, dampingFraction: 0.5), value: appeared)
                .accessibilityHidden(true)
            Text(badge.title).font(AppTypography.title1).accessibilityAddTraits(.isHeader)
            Text(badge.description).multilineTextAlignment(.center)
            if badge.timesEarned > 1 {
                Text("Earned \(badge.timesEarned) times").font(AppTypography.headline)
            }
            if badge.isRare {
                Label("Rare badge", systemImage: "sparkles").foregroundStyle(AppColors.accent)
            }
            PrimaryButton(title: "Continue") { dismiss() }
        }
        .padding(Spacing.large)
        .onAppear { appeared = true }
        .presentationDetents([.medium, .large])
    }
}
