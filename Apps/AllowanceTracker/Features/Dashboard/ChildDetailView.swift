import AllowanceKit
import SwiftUI

/// A parent's screen for one child: the figures, then everything about the child's money.
struct ChildDetailView: View {
    @Environment(AppModel.self) private var app
    @State private var viewModel: ChildDetailViewModel
    @State private var showingCreateTransaction = false

    init(viewModel: ChildDetailViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        List {
            if let message = viewModel.state.failureMessage {
                FailureView(title: "Could Not Load", message: message) { await viewModel.load() }
            } else {
                Section {
                    VStack(alignment: .leading, spacing: Spacing.xSmall) {
                        Text(viewModel.balanceText)
                            .font(AppTypography.balance)
                            .foregroundStyle(AppColors.success)
                        Text(viewModel.allowanceText)
                            .font(AppTypography.body)
                        if let nextPayday = viewModel.nextPaydayText {
                            Text(nextPayday)
                                .font(AppTypography.callout)
                                .foregroundStyle(.secondary)
                        }
                    }
                    .padding(.vertical, Spacing.xSmall)
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel(viewModel.accessibilitySummary)
                }
                Section("Money") {
                    NavigationLink("Transactions") {
                        TransactionListView(
                            viewModel: TransactionListViewModel(childId: viewModel.childId, client: app.client, format: app.format))
                    }
                    Button("Add Transaction") { showingCreateTransaction = true }
                        .accessibilityIdentifier("ChildAddTransaction")
                    NavigationLink("Savings Goals") {
                        SavingsGoalsView(
                            viewModel: SavingsGoalsViewModel(childId: viewModel.childId, client: app.client, format: app.format))
                    }
                    NavigationLink("Quick Add") {
                        TemplatesView(viewModel: TemplatesViewModel(childId: viewModel.childId, client: app.client, format: app.format))
                    }
                    NavigationLink("Recurring") {
                        RecurringTransactionsView(viewModel: RecurringListViewModel(childId: viewModel.childId, client: app.client))
                    }
                }
                Section("Learning") {
                    NavigationLink("Learning Goals") {
                        GoalsView(
                            viewModel: LearningGoalsViewModel(childId: viewModel.childId, client: app.client), childId: viewModel.childId,
                            canEdit: true)
                    }
                    NavigationLink("Badges") {
                        AchievementBadgesView(viewModel: BadgesViewModel(childId: viewModel.childId, client: app.client))
                    }
                    NavigationLink("Progress") {
                        GoalComparisonView(viewModel: LearningComparisonViewModel(childId: viewModel.childId, client: app.client))
                    }
                }
            }
        }
        .navigationTitle(viewModel.title)
        .task { await viewModel.load() }
        .refreshable { await viewModel.load() }
        .onChange(of: viewModel.problem) { _, problem in app.handle(problem) }
        .sheet(isPresented: $showingCreateTransaction) {
            CreateTransactionView(viewModel: CreateTransactionViewModel(client: app.client, childId: viewModel.childId, format: app.format))
            {
                Task { await viewModel.load() }
            }
        }
    }
}
