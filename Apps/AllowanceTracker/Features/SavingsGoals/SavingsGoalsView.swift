import AllowanceKit
import SwiftUI

/// Savings Goals' list: a child's goals by priority, and a new goal.
struct SavingsGoalsView: View {
    @Environment(AppModel.self) private var app
    @State private var viewModel: SavingsGoalsViewModel
    @State private var showingCreateGoal = false

    init(viewModel: SavingsGoalsViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        Group {
            switch viewModel.state {
            case .idle, .loading:
                LoadingView(title: "Loading goals...")
            case .failed(let message):
                FailureView(title: "Could Not Load Goals", message: message) { await viewModel.load() }
            case .loaded, .stale:
                if viewModel.isEmpty {
                    EmptyGoalsView { showingCreateGoal = true }
                } else {
                    goalsList
                }
            }
        }
        .navigationTitle("Savings Goals")
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button {
                    showingCreateGoal = true
                } label: {
                    Image(systemName: "plus")
                }
                .accessibilityLabel("New Goal")
                .accessibilityIdentifier("NewGoalButton")
            }
        }
        .sheet(isPresented: $showingCreateGoal) {
            CreateGoalView(viewModel: viewModel)
        }
        .refreshable { await viewModel.load() }
        .task { await viewModel.load() }
        .onChange(of: viewModel.problem) { _, problem in app.handle(problem) }
    }

    private var goalsList: some View {
        List {
            if case .stale(let savedAt) = viewModel.state {
                StaleBanner(savedAt: savedAt)
            }
            Toggle("Show completed", isOn: $viewModel.includeCompleted)
                .onChange(of: viewModel.includeCompleted) { _, _ in Task { await viewModel.load() } }
            ForEach(viewModel.goals, id: \.id) { goal in
                NavigationLink(value: Route.goalDetail(goalId: goal.id)) {
                    GoalRowView(row: viewModel.row(goal))
                }
                .accessibilityIdentifier("GoalRow")
            }
        }
        .listStyle(.plain)
    }
}

/// No goals yet: an invitation to make one.
struct EmptyGoalsView: View {
    let onCreateGoal: () -> Void

    var body: some View {
        VStack(spacing: Spacing.medium) {
            ContentUnavailableView(
                "No Savings Goals", systemImage: "target", description: Text("Save up for something special: make a goal."))
            PrimaryButton(title: "Create Goal", action: onCreateGoal)
                .padding(.horizontal, Spacing.xxLarge)
        }
    }
}
