import AllowanceKit
import SwiftUI

/// The piggy bank of piggy-bank.md over the signed-in family (each child a tally).
struct PiggyBankTab: View {
    @Environment(AppModel.self) private var app

    var body: some View {
        NavigationStack {
            PiggyBankView(
                viewModel: PiggyBankViewModel(store: ServerPiggyBankStore(client: app.client), format: app.format), canAddTally: false
            )
            .withAppRoutes()
        }
    }
}
