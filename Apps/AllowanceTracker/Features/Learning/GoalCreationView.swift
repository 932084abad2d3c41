import AllowanceKit
import SwiftUI

/// A parent sets a learning goal: hours, points, one app's time or a streak, per period.
/// A Basic family's fourth goal is refused with the server's words about Premium.
struct GoalCreationView: View {
    @Environment(\.dismiss) private var dismiss
    @Bindable var viewModel: LearningGoalsViewModel

    var body: some View {
        NavigationStack {
            Form {
                TextField("Title", text: $viewModel.title)
                Picker("Kind", selection: $viewModel.type) {
                    ForEach(LearningGoalType.allCases, id: \.self) { type in
                        Text(type.rawValue).tag(type)
                    }
                }
                Picker("Every", selection: $viewModel.frequency) {
                    ForEach(LearningGoalFrequency.allCases, id: \.self) { frequency in
                        Text(frequency.rawValue).tag(frequency)
                    }
                }
                TextField("Target (\(viewModel.type.unit))", text: $viewModel.target)
                    .keyboardType(.decimalPad)
                if let message = viewModel.problem?.message {
                    Text(message).foregroundStyle(AppColors.error)
                }
            }
            .navigationTitle("New Learning Goal")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Create") {
                        Task {
                            await viewModel.create()
                            if viewModel.problem == nil { dismiss() }
                        }
                    }
                    .accessibilityIdentifier("CreateLearningGoalButton")
                }
            }
        }
    }
}
