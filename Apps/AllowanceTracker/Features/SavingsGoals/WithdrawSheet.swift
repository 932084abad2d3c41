import AllowanceKit
import SwiftUI

/// Money out of the goal, back to the child's balance (parents).
struct WithdrawSheet: View {
    let sheets: GoalSheetModel

    var body: some View {
        @Bindable var detail: SavingsGoalDetailViewModel = sheets.detail
        GoalSheetForm(sheets: sheets, sheet: .withdraw) {
            Section {
                CurrencyTextField(value: $detail.withdrawAmount, placeholder: "Amount", icon: "minus.circle")
            } footer: {
                Text(detail.progressText)
            }
        }
    }
}
