import AllowanceKit
import SwiftUI

/// App Screens 3.1: a child's balance card, this month, savings goals and recent activity.
struct ChildDashboardView: View {
    @Environment(AppModel.self) private var app
    @State private var viewModel: ChildDashboardViewModel

    init(viewModel: ChildDashboardViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        ScrollView {
            VStack(spacing: Spacing.large) {
                switch viewModel.state {
                case .idle, .loading:
                    LoadingView(title: "Loading...")
                case .failed(let message):
                    FailureView(title: "Error Loading Dashboard", message: message) { await viewModel.load() }
                case .loaded, .stale:
                    loadedView
                }
            }
            .padding(Spacing.medium)
        }
        .navigationTitle("My Allowance")
        .refreshable { await viewModel.refresh() }
        .task { await viewModel.load() }
        .onChange(of: viewModel.problem) { _, problem in app.handle(problem) }
    }

    private var loadedView: some View {
        VStack(spacing: Spacing.large) {
            if case .stale(let savedAt) = viewModel.state {
                StaleBanner(savedAt: savedAt)
            }
            Text(viewModel.greeting)
                .font(AppTypography.title2)
                .frame(maxWidth: .infinity, alignment: .leading)
                .accessibilityAddTraits(.isHeader)
            BalanceCardView(viewModel: viewModel)
            MonthlyStatsCard(viewModel: viewModel)
            if !viewModel.goals.isEmpty {
                VStack(alignment: .leading, spacing: Spacing.small) {
                    Text("My Goals")
                        .font(AppTypography.title3)
                        .accessibilityAddTraits(.isHeader)
                    ForEach(viewModel.goals, id: \.id) { goal in
                        NavigationLink(value: Route.goalDetail(goalId: goal.id)) {
                            CardView {
                                HStack {
                                    Text(goal.name).font(AppTypography.headline)
                                    Spacer()
                                    Text("\(Int(goal.progressPercentage.rounded(.down)))%")
                                        .font(AppTypography.headline)
                                        .foregroundStyle(AppColors.accessiblePrimary)
                                }
                                .padding(Spacing.medium)
                            }
                        }
                        .buttonStyle(.plain)
                    }
                }
            }
            VStack(alignment: .leading, spacing: Spacing.medium) {
                Text("Recent Activity")
                    .font(AppTypography.title3)
                    .accessibilityAddTraits(.isHeader)
                if viewModel.recentTransactions.isEmpty {
                    ContentUnavailableView("No transactions yet", systemImage: "list.bullet.rectangle")
                } else {
                    LazyVStack(spacing: Spacing.small) {
                        ForEach(viewModel.recentTransactions.prefix(5), id: \.id) { transaction in
                            NavigationLink(value: Route.transactionDetail(transactionId: transaction.id)) {
                                TransactionRowView(row: viewModel.row(transaction))
                            }
                            .buttonStyle(.plain)
                        }
                    }
                }
            }
        }
    }
}
