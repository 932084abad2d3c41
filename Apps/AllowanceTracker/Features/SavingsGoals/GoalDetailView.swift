import AllowanceKit
import SwiftUI

/// Savings Goals' detail: the progress ring, milestones, challenge and matching cards, the
/// history, the actions the goal allows now, and the celebration a contribution earns.
struct GoalDetailView: View {
    @Environment(AppModel.self) private var app
    @State private var viewModel: SavingsGoalDetailViewModel
    @State private var sheets: GoalSheetModel

    @MainActor
    init(viewModel: SavingsGoalDetailViewModel, isParent: Bool) {
        _viewModel = State(initialValue: viewModel)
        _sheets = State(initialValue: GoalSheetModel(detail: viewModel, isParent: isParent))
    }

    var body: some View {
        ScrollView {
            VStack(spacing: Spacing.large) {
                if let goal = viewModel.goal {
                    GoalHeaderView(viewModel: viewModel, goal: goal)
                    MilestonesView(marks: viewModel.milestoneMarks)
                    if let challenge = viewModel.challengeText {
                        ChallengeCardView(text: challenge, isParent: sheets.isParent) {
                            Task { await viewModel.cancelChallenge() }
                        }
                    }
                    if let matching = viewModel.matchingText {
                        MatchingRuleCardView(text: matching, isParent: sheets.isParent) {
                            Task { await viewModel.removeMatching() }
                        }
                    }
                    if viewModel.canPurchase && sheets.isParent {
                        PrimaryButton(title: "Mark as Purchased", isLoading: viewModel.isWorking) {
                            Task {
                                await viewModel.purchase()
                                app.widgets.moneyMoved(.goal)
                            }
                        }
                        .accessibilityIdentifier("MarkPurchasedButton")
                    }
                    ContributionHistoryView(rows: viewModel.contributions.map(viewModel.contributionRow))
                } else if let message = viewModel.state.failureMessage {
                    FailureView(title: "Could Not Load Goal", message: message) { await viewModel.load() }
                } else {
                    LoadingView(title: "Loading goal...")
                }
            }
            .padding(Spacing.medium)
        }
        .navigationTitle(viewModel.goal?.name ?? "Goal")
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Menu {
                    ForEach(sheets.actions) { action in
                        Button {
                            sheets.present(action)
                        } label: {
                            Label(action.title, systemImage: action.systemImage)
                        }
                    }
                } label: {
                    Image(systemName: "ellipsis.circle")
                }
                .disabled(sheets.actions.isEmpty)
                .accessibilityLabel("Goal Actions")
                .accessibilityIdentifier("GoalActionsMenu")
            }
        }
        .sheet(item: $sheets.sheet) { sheet in
            GoalSheetView(sheets: sheets, sheet: sheet)
        }
        .sheet(isPresented: $viewModel.isCelebrating) {
            if let celebration = viewModel.celebration {
                CelebrationView(celebration: celebration)
            }
        }
        .onChange(of: viewModel.contributions.count) { _, _ in app.widgets.moneyMoved(.goal) }
        .onChange(of: viewModel.problem) { _, problem in app.handle(problem) }
        .refreshable { await viewModel.load() }
        .task { await viewModel.load() }
    }
}

/// The sheet the goal's menu opened, by kind.
struct GoalSheetView: View {
    let sheets: GoalSheetModel
    let sheet: GoalSheetModel.Sheet

    var body: some View {
        switch sheet {
        case .contribute: ContributeSheet(sheets: sheets)
        case .withdraw: WithdrawSheet(sheets: sheets)
        case .matching: SetupMatchingSheet(sheets: sheets)
        case .challenge: CreateChallengeSheet(sheets: sheets)
        }
    }
}
