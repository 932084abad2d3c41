import AllowanceKit
import SwiftUI

/// A parent matches what the child saves: so many dollars per dollar, up to a cap.
struct SetupMatchingSheet: View {
    @Bindable var sheets: GoalSheetModel

    var body: some View {
        GoalSheetForm(sheets: sheets, sheet: .matching) {
            Section {
                TextField("Match per dollar saved (e.g. 0.5 or 1)", text: $sheets.matchRatio)
                    .keyboardType(.decimalPad)
                    .accessibilityLabel("Match per dollar saved")
                CurrencyTextField(value: $sheets.matchCap, placeholder: "Most you will add (optional)", icon: "lock")
            } footer: {
                Text("Every contribution the child makes is matched until the cap is reached.")
            }
        }
    }
}
