import AllowanceKit
import SwiftUI

/// The piggy bank without an account (piggy-bank.md: local only): a SQLite file in the app's
/// Application Support folder, Kai and Freya with $100 each on first launch.
struct LocalPiggyBankSheet: View {
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            Group {
                if let store = Self.store() {
                    PiggyBankView(viewModel: PiggyBankViewModel(store: store), canAddTally: true)
                } else {
                    ContentUnavailableView("Piggy Bank Unavailable", systemImage: "exclamationmark.triangle")
                }
            }
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Done") { dismiss() }
                }
            }
        }
    }

    private static func store() -> LocalPiggyBankStore? {
        guard
            let folder = try? FileManager.default.url(
                for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
        else { return nil }
        return try? LocalPiggyBankStore(path: folder.appendingPathComponent("piggybank.sqlite").path)
    }
}
