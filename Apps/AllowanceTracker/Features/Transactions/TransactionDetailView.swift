import AllowanceKit
import SwiftUI

/// App Screens 4.3: one entry in full (from the list, or `allowancetracker://transaction/<id>`).
struct TransactionDetailView: View {
    @State private var viewModel: TransactionDetailViewModel

    init(viewModel: TransactionDetailViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        ScrollView {
            if let row = viewModel.row {
                VStack(spacing: Spacing.large) {
                    VStack(spacing: Spacing.small) {
                        Image(systemName: row.isCredit ? "arrow.down.circle.fill" : "arrow.up.circle.fill")
                            .font(.system(size: 56))
                            .foregroundStyle(AppColors.money(isCredit: row.isCredit))
                            .accessibilityHidden(true)
                        Text(row.amountText)
                            .font(AppTypography.balance)
                            .foregroundStyle(AppColors.money(isCredit: row.isCredit))
                        Text(row.typeText)
                            .font(AppTypography.callout)
                            .foregroundStyle(.secondary)
                    }
                    .accessibilityElement(children: .combine)
                    CardView {
                        VStack(spacing: Spacing.medium) {
                            DetailRow(icon: "doc.text.fill", title: "Description", value: row.description)
                            Divider()
                            DetailRow(icon: "calendar", title: "Date", value: row.dateText)
                            if let category = row.category {
                                Divider()
                                DetailRow(icon: "tag.fill", title: "Category", value: category)
                            }
                            if let notes = row.notes {
                                Divider()
                                DetailRow(icon: "note.text", title: "Notes", value: notes)
                            }
                            if let createdBy = row.createdByName {
                                Divider()
                                DetailRow(icon: "person.fill", title: "Created By", value: createdBy)
                            }
                            Divider()
                            DetailRow(icon: "dollarsign.circle.fill", title: "Balance After", value: row.balanceAfterText)
                        }
                        .padding(Spacing.medium)
                    }
                }
                .padding(Spacing.medium)
            } else if let message = viewModel.state.failureMessage {
                FailureView(title: "Could Not Load", message: message) { await viewModel.load() }
            } else {
                LoadingView(title: "Loading...")
            }
        }
        .navigationTitle("Transaction Details")
        .navigationBarTitleDisplayMode(.inline)
        .task { await viewModel.load() }
    }
}
