import AllowanceKit
import SwiftUI

/// The frame every goal sheet shares: a form, the detail's problem, cancel and submit.
struct GoalSheetForm<Fields: View>: View {
    let sheets: GoalSheetModel
    let sheet: GoalSheetModel.Sheet
    @ViewBuilder let fields: () -> Fields

    var body: some View {
        NavigationStack {
            Form {
                fields()
                if let message = sheets.detail.problem?.message {
                    Section {
                        Text(message)
                            .foregroundStyle(AppColors.error)
                            .accessibilityIdentifier("SheetProblem")
                    }
                }
            }
            .navigationTitle(sheet.title)
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { sheets.dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button(sheet.submitTitle) { Task { await sheets.submit() } }
                        .disabled(sheets.isSubmitting)
                        .accessibilityIdentifier("SubmitGoalSheet")
                }
            }
        }
        .presentationDetents([.medium, .large])
    }
}
