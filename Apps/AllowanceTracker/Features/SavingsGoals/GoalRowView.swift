import AllowanceKit
import SwiftUI

/// A goal in the list: picture or category symbol, progress, challenge and matching marks.
struct GoalRowView: View {
    let row: GoalRowPresentation

    var body: some View {
        HStack(spacing: Spacing.small) {
            Group {
                if let url = row.imageURL {
                    AsyncImage(url: url) { image in
                        image.resizable().scaledToFill()
                    } placeholder: {
                        Color.gray.opacity(0.2)
                    }
                } else {
                    Image(systemName: row.symbolName)
                        .font(.title)
                        .foregroundStyle(.secondary)
                }
            }
            .frame(width: 60, height: 60)
            .background(Color.gray.opacity(0.1), in: RoundedRectangle(cornerRadius: 8))
            .clipShape(RoundedRectangle(cornerRadius: 8))

            VStack(alignment: .leading, spacing: Spacing.xxSmall) {
                HStack {
                    Text(row.name).font(AppTypography.headline)
                    if let status = row.statusText {
                        Text(status)
                            .font(AppTypography.caption2)
                            .padding(.horizontal, 6)
                            .background(AppColors.secondaryBackground, in: Capsule())
                    }
                    Spacer()
                    if row.hasChallenge {
                        Image(systemName: "flame.fill").foregroundStyle(AppColors.accent)
                    }
                    if row.hasMatching {
                        Image(systemName: "arrow.triangle.2.circlepath").foregroundStyle(AppColors.success)
                    }
                }
                Text(row.progressText)
                    .font(AppTypography.callout)
                    .foregroundStyle(.secondary)
                ProgressView(value: row.progress)
                    .tint(AppColors.primary)
                if let daysLeft = row.daysLeftText {
                    Text(daysLeft)
                        .font(AppTypography.caption)
                        .foregroundStyle(.secondary)
                }
            }
        }
        .padding(.vertical, Spacing.xxSmall)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(row.accessibilityLabel)
    }
}
