import AllowanceKit
import SwiftUI

/// piggy-bank.md's detail view: the balance, add and subtract funds with a note, rename, history.
struct TallyDetailView: View {
    @Bindable var viewModel: PiggyBankViewModel
    let tally: Tally
    @State private var showingRename = false
    @State private var newName = ""

    var body: some View {
        let current = viewModel.current(tally)
        List {
            Section {
                Text(viewModel.balanceText(current))
                    .font(AppTypography.balance)
                    .foregroundStyle(AppColors.success)
                    .frame(maxWidth: .infinity)
                    .accessibilityLabel("Balance \(viewModel.balanceText(current))")
            }
            Section("Add or Subtract") {
                CurrencyTextField(value: $viewModel.amount, placeholder: "Amount", icon: "dollarsign.circle.fill")
                AppTextField(text: $viewModel.note, placeholder: "Note (optional)", icon: "note.text")
                HStack(spacing: Spacing.medium) {
                    PrimaryButton(title: "Add Funds") { Task { await viewModel.addFunds(to: current) } }
                        .accessibilityIdentifier("AddFundsButton")
                    SecondaryButton(title: "Subtract Funds") { Task { await viewModel.subtractFunds(from: current) } }
                        .accessibilityIdentifier("SubtractFundsButton")
                }
                .buttonStyle(.borderless)
                if let message = viewModel.problem?.message {
                    Text(message).foregroundStyle(AppColors.error)
                }
            }
            Section("History") {
                ForEach(viewModel.history) { entry in
                    let row = viewModel.historyRow(entry)
                    HStack {
                        VStack(alignment: .leading, spacing: Spacing.xxSmall) {
                            Text(row.title).font(AppTypography.body)
                            Text(row.dateText).font(AppTypography.caption).foregroundStyle(.secondary)
                        }
                        Spacer()
                        VStack(alignment: .trailing, spacing: Spacing.xxSmall) {
                            Text(row.amountText).font(AppTypography.headline).foregroundStyle(AppColors.money(isCredit: row.isCredit))
                            Text(row.balanceAfterText).font(AppTypography.caption).foregroundStyle(.secondary)
                        }
                    }
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel(row.accessibilityLabel)
                }
            }
        }
        .navigationTitle(current.name)
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button("Rename") {
                    newName = current.name
                    showingRename = true
                }
                .accessibilityIdentifier("RenameTallyButton")
            }
        }
        .alert("Rename", isPresented: $showingRename) {
            TextField("Name", text: $newName)
            Button("Save") { Task { await viewModel.rename(current, to: newName) } }
            Button("Cancel", role: .cancel) {}
        }
        .task { await viewModel.openHistory(of: current) }
    }
}
