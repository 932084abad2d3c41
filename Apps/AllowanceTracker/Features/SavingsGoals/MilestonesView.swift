import AllowanceKit
import SwiftUI

/// The milestone track: 25, 50, 75 and 100 %, reached ones filled.
struct MilestonesView: View {
    let marks: [MilestoneMark]

    var body: some View {
        CardView {
            VStack(alignment: .leading, spacing: Spacing.xSmall) {
                Text("Milestones")
                    .font(AppTypography.headline)
                    .accessibilityAddTraits(.isHeader)
                HStack(spacing: 0) {
                    ForEach(marks) { mark in
                        VStack {
                            Circle()
                                .fill(mark.isAchieved ? AppColors.success : Color.gray.opacity(0.3))
                                .frame(width: 24, height: 24)
                                .overlay {
                                    if mark.isAchieved {
                                        Image(systemName: "checkmark").font(.caption).foregroundStyle(.white)
                                    }
                                }
                            Text(mark.label).font(AppTypography.caption)
                        }
                        .accessibilityElement(children: .ignore)
                        .accessibilityLabel(mark.accessibilityLabel)
                        if mark.id != marks.last?.id {
                            Rectangle()
                                .fill(mark.isAchieved ? AppColors.success : Color.gray.opacity(0.3))
                                .frame(height: 2)
                                .accessibilityHidden(true)
                        }
                    }
                }
            }
            .padding(Spacing.medium)
        }
    }
}
