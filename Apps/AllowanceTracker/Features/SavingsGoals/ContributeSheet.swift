import AllowanceKit
import SwiftUI

/// Money into the goal from the child's balance.
struct ContributeSheet: View {
    let sheets: GoalSheetModel

    var body: some View {
        @Bindable var detail: SavingsGoalDetailViewModel = sheets.detail
        GoalSheetForm(sheets: sheets, sheet: .contribute) {
            Section {
                CurrencyTextField(value: $detail.contributeAmount, placeholder: "Amount", icon: "plus.circle")
            } footer: {
                Text(detail.progressText)
            }
        }
    }
}
