import AllowanceKit
import SwiftUI

/// Learning Goals' main screen: the summary, active goals with progress rings, the way to
/// history, badges and comparisons, and (parents) a new goal.
struct GoalsView: View {
    @Environment(AppModel.self) private var app
    @State private var viewModel: LearningGoalsViewModel
    let childId: UUID
    /// Parents create and delete goals; a child reads them.
    let canEdit: Bool
    @State private var showingCreate = false

    init(viewModel: LearningGoalsViewModel, childId: UUID, canEdit: Bool) {
        _viewModel = State(initialValue: viewModel)
        self.childId = childId
        self.canEdit = canEdit
    }

    var body: some View {
        List {
            GoalSummaryHeaderView(summary: viewModel.summaryText)
            if let message = viewModel.problem?.message {
                ErrorBanner(message: message) { Task { await viewModel.load() } }
            }
            Picker("Show", selection: filter) {
                Text("Active").tag(LearningGoalFilter.active)
                Text("History").tag(LearningGoalFilter.history)
                Text("All").tag(LearningGoalFilter.all)
            }
            .pickerStyle(.segmented)
            .accessibilityIdentifier("LearningGoalFilter")
            if viewModel.filter == .history {
                GoalHistoryView(viewModel: viewModel)
            } else {
                ActiveGoalsListView(viewModel: viewModel, canEdit: canEdit)
            }
            Section("Achievements") {
                NavigationLink("Badges") {
                    AchievementBadgesView(viewModel: BadgesViewModel(childId: childId, client: app.client))
                }
                .accessibilityIdentifier("BadgesLink")
                NavigationLink("Progress Over Time") {
                    GoalComparisonView(viewModel: LearningComparisonViewModel(childId: childId, client: app.client))
                }
                .accessibilityIdentifier("ComparisonLink")
            }
        }
        .navigationTitle("Learning Goals")
        .toolbar {
            if canEdit {
                ToolbarItem(placement: .primaryAction) {
                    Button {
                        showingCreate = true
                    } label: {
                        Image(systemName: "plus")
                    }
                    .accessibilityLabel("New Learning Goal")
                    .accessibilityIdentifier("NewLearningGoalButton")
                }
            }
        }
        .sheet(isPresented: $showingCreate) {
            GoalCreationView(viewModel: viewModel)
        }
        .refreshable { await viewModel.load() }
        .task { await viewModel.load() }
        .onChange(of: viewModel.problem) { _, problem in app.handle(problem) }
    }

    private var filter: Binding<LearningGoalFilter> {
        Binding(
            get: { viewModel.filter },
            set: { filter in
                viewModel.filter = filter
                Task { await viewModel.load() }
            })
    }
}

/// "3 goals, 40% done on average".
struct GoalSummaryHeaderView: View {
    let summary: String

    var body: some View {
        if !summary.isEmpty {
            Label(summary, systemImage: "chart.bar.fill")
                .font(AppTypography.headline)
                .accessibilityIdentifier("GoalSummaryHeader")
        }
    }
}

/// The goals of the current filter, each a card with its ring; parents swipe to delete.
struct ActiveGoalsListView: View {
    let viewModel: LearningGoalsViewModel
    let canEdit: Bool

    var body: some View {
        Section("Goals") {
            if viewModel.isEmpty {
                ContentUnavailableView(
                    "No Learning Goals", systemImage: "graduationcap", description: Text("Goals a parent sets show here."))
            }
            ForEach(viewModel.goals, id: \.id) { goal in
                NavigationLink(value: Route.learningGoalDetail(learningGoalId: goal.id)) {
                    GoalProgressCard(viewModel: viewModel, goal: goal)
                }
                .swipeActions {
                    if canEdit {
                        Button("Delete", role: .destructive) { Task { await viewModel.delete(goal.id) } }
                    }
                }
            }
        }
    }
}
