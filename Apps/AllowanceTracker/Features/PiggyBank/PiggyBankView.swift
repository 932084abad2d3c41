import AllowanceKit
import SwiftUI

/// piggy-bank.md's home screen: a tally per child with its balance and a quick subtract;
/// tap for the detail, swipe to delete (after a confirmation), plus to add a tally.
struct PiggyBankView: View {
    @State private var viewModel: PiggyBankViewModel
    /// A family on the server adds children from Add Child (they need a sign-in).
    let canAddTally: Bool
    @State private var showingAdd = false
    @State private var newName = ""
    @State private var newOpening = ""

    init(viewModel: PiggyBankViewModel, canAddTally: Bool) {
        _viewModel = State(initialValue: viewModel)
        self.canAddTally = canAddTally
    }

    var body: some View {
        List {
            if let message = viewModel.problem?.message {
                ErrorBanner(message: message) { Task { await viewModel.load() } }
            }
            ForEach(viewModel.tallies) { tally in
                NavigationLink {
                    TallyDetailView(viewModel: viewModel, tally: tally)
                } label: {
                    TallyRowView(viewModel: viewModel, tally: tally)
                }
                .swipeActions(edge: .trailing) {
                    Button("Delete", role: .destructive) { viewModel.requestDelete(tally) }
                }
                .accessibilityAction(named: "Delete") { viewModel.requestDelete(tally) }
            }
        }
        .navigationTitle("Piggy Bank")
        .overlay {
            if viewModel.state == .loaded && viewModel.tallies.isEmpty {
                ContentUnavailableView("No Piggy Banks", systemImage: "banknote", description: Text("Tap + to add one."))
            }
        }
        .toolbar {
            if canAddTally {
                ToolbarItem(placement: .primaryAction) {
                    Button {
                        showingAdd = true
                    } label: {
                        Image(systemName: "plus")
                    }
                    .accessibilityLabel("Add Piggy Bank")
                    .accessibilityIdentifier("AddTallyButton")
                }
            }
        }
        .alert("New Piggy Bank", isPresented: $showingAdd) {
            TextField("Name", text: $newName)
            TextField("Starting amount", text: $newOpening)
                .keyboardType(.decimalPad)
            Button("Add") {
                Task {
                    await viewModel.addTally(name: newName, opening: newOpening)
                    newName = ""
                    newOpening = ""
                }
            }
            Button("Cancel", role: .cancel) {}
        }
        .confirmationDialog(viewModel.deletionQuestion ?? "", isPresented: $viewModel.isConfirmingDelete, titleVisibility: .visible) {
            Button("Delete", role: .destructive) { Task { await viewModel.confirmDelete() } }
            Button("Cancel", role: .cancel) { viewModel.cancelDelete() }
        }
        .refreshable { await viewModel.load() }
        .task { await viewModel.load() }
    }
}
