import AllowanceKit
import Charts
import SwiftUI

/// Learning Goals AC 3: this week against last, streaks, six months and app by app.
struct GoalComparisonView: View {
    @State private var viewModel: LearningComparisonViewModel

    init(viewModel: LearningComparisonViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        List {
            if let message = viewModel.state.failureMessage {
                FailureView(title: "Could Not Load Progress", message: message) { await viewModel.load() }
            }
            Section("This Week") {
                LabeledContent("Minutes", value: viewModel.minutesText)
                LabeledContent("Change", value: viewModel.minutesChangeText)
                    .accessibilityIdentifier("WeekChange")
                LabeledContent("Streak", value: viewModel.streakText)
            }
            Section("Last Six Months") {
                Chart(viewModel.months, id: \.month) { month in
                    BarMark(x: .value("Month", month.month), y: .value("Minutes", month.minutes))
                        .foregroundStyle(AppColors.primary)
                        .accessibilityLabel(Text(month.month))
                        .accessibilityValue(Text("\(month.minutes) minutes"))
                }
                .frame(minHeight: 180)
            }
            if !viewModel.byApp.isEmpty {
                Section("By App") {
                    ForEach(viewModel.byApp, id: \.appName) { app in
                        LabeledContent(app.appName, value: "\(app.thisWeekMinutes) min (last week \(app.lastWeekMinutes))")
                    }
                }
            }
        }
        .navigationTitle("Progress")
        .refreshable { await viewModel.load() }
        .task { await viewModel.load() }
    }
}
