import AllowanceKit
import SwiftUI

/// A new savings goal: its name and how much it costs.
struct CreateGoalView: View {
    @Environment(\.dismiss) private var dismiss
    @Bindable var viewModel: SavingsGoalsViewModel

    var body: some View {
        NavigationStack {
            Form {
                TextField("Goal name", text: $viewModel.newName)
                    .accessibilityIdentifier("GoalNameField")
                CurrencyTextField(value: $viewModel.newTargetAmount, placeholder: "Target amount", icon: "target")
                if let message = viewModel.problem?.message {
                    Text(message).foregroundStyle(AppColors.error)
                }
            }
            .navigationTitle("New Goal")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Create") {
                        Task {
                            if await viewModel.create() != nil { dismiss() }
                        }
                    }
                    .disabled(viewModel.isSaving)
                    .accessibilityIdentifier("CreateGoalButton")
                }
            }
        }
    }
}
