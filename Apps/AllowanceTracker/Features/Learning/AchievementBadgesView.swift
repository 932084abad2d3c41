import AllowanceKit
import SwiftUI

/// Learning Goals AC 2: badges in a grid, earned in colour, the rest with how far along.
struct AchievementBadgesView: View {
    @State private var viewModel: BadgesViewModel
    @State private var selected: BadgeDto?

    init(viewModel: BadgesViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: Spacing.large) {
                if let message = viewModel.state.failureMessage {
                    FailureView(title: "Could Not Load Badges", message: message) { await viewModel.load() }
                }
                BadgeCollectionView(title: "Earned", badges: viewModel.earned, viewModel: viewModel) { selected = $0 }
                BadgeCollectionView(title: "To Earn", badges: viewModel.toEarn, viewModel: viewModel) { selected = $0 }
            }
            .padding(Spacing.medium)
        }
        .navigationTitle("Badges")
        .sheet(item: selectedBinding) { item in
            if item.badge.earned {
                AchievementCelebrationView(badge: item.badge)
            } else {
                BadgeDetailSheet(badge: item.badge, progressText: viewModel.progressText(item.badge))
            }
        }
        .refreshable { await viewModel.load() }
        .task { await viewModel.load() }
    }

    /// `sheet(item:)` needs an Identifiable: the badge tapped, wrapped.
    private var selectedBinding: Binding<SelectedBadge?> {
        Binding(get: { selected.map(SelectedBadge.init) }, set: { selected = $0?.badge })
    }
}

/// A badge opened from the grid.
struct SelectedBadge: Identifiable {
    let badge: BadgeDto
    var id: String { badge.badgeKey }
}

/// A titled grid of badges.
struct BadgeCollectionView: View {
    let title: String
    let badges: [BadgeDto]
    let viewModel: BadgesViewModel
    let onSelect: (BadgeDto) -> Void

    var body: some View {
        VStack(alignment: .leading, spacing: Spacing.small) {
            Text(title)
                .font(AppTypography.title3)
                .accessibilityAddTraits(.isHeader)
            if badges.isEmpty {
                Text("None yet").foregroundStyle(.secondary)
            }
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 96), spacing: Spacing.medium)], spacing: Spacing.medium) {
                ForEach(badges, id: \.badgeKey) { badge in
                    Button {
                        onSelect(badge)
                    } label: {
                        VStack(spacing: Spacing.xSmall) {
                            Image(systemName: badge.icon)
                                .font(.largeTitle)
                                .foregroundStyle(badge.earned ? (badge.isRare ? AppColors.accent : AppColors.primary) : Color.gray)
                                .frame(minWidth: Spacing.minimumTouchTarget, minHeight: Spacing.minimumTouchTarget)
                            Text(badge.title)
                                .font(AppTypography.caption)
                                .multilineTextAlignment(.center)
                            if !badge.earned {
                                ProgressView(value: badge.progress)
                            }
                        }
                        .opacity(badge.earned ? 1 : 0.6)
                    }
                    .buttonStyle(.plain)
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel(viewModel.accessibilityLabel(badge))
                    .accessibilityAddTraits(.isButton)
                    .accessibilityIdentifier("Badge-\(badge.badgeKey)")
                }
            }
        }
    }
}

/// A badge not yet earned: what it takes, and how far along.
struct BadgeDetailSheet: View {
    let badge: BadgeDto
    let progressText: String
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: Spacing.medium) {
            Image(systemName: badge.icon).font(.system(size: 64)).foregroundStyle(.secondary)
            Text(badge.title).font(AppTypography.title2)
            Text(badge.description).multilineTextAlignment(.center)
            Text(badge.criteria).font(AppTypography.callout).foregroundStyle(.secondary)
            ProgressView(value: badge.progress) { Text(progressText) }
            if badge.pointsAwarded > 0 {
                Text("+\(badge.pointsAwarded) points when earned").font(AppTypography.caption)
            }
            SecondaryButton(title: "Close") { dismiss() }
        }
        .padding(Spacing.large)
        .presentationDetents([.medium])
    }
}
