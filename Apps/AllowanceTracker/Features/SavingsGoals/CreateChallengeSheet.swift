import AllowanceKit
import SwiftUI

/// A time-bound challenge: save this much by then, earn a bonus.
struct CreateChallengeSheet: View {
    @Bindable var sheets: GoalSheetModel

    var body: some View {
        GoalSheetForm(sheets: sheets, sheet: .challenge) {
            Section {
                CurrencyTextField(value: $sheets.challengeTarget, placeholder: "Save this much", icon: "target")
                DatePicker("By", selection: $sheets.challengeEndDate, in: Date()..., displayedComponents: .date)
                CurrencyTextField(value: $sheets.challengeBonus, placeholder: "Bonus", icon: "gift")
            } footer: {
                Text("The bonus is paid into the goal the moment the amount is saved before the date.")
            }
        }
    }
}
