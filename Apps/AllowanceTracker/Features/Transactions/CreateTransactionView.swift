import AllowanceKit
import SwiftUI

/// App Screens 4.4 (parents): money in or out for a child, the new balance previewed as the
/// amount is typed, and a refusal said before anything is sent.
struct CreateTransactionView: View {
    @Environment(AppModel.self) private var app
    @Environment(\.dismiss) private var dismiss
    @State private var viewModel: CreateTransactionViewModel
    var onCreated: () -> Void = {}

    init(viewModel: CreateTransactionViewModel, onCreated: @escaping () -> Void = {}) {
        _viewModel = State(initialValue: viewModel)
        self.onCreated = onCreated
    }

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(spacing: Spacing.large) {
                    if let errorMessage = viewModel.errorMessage {
                        ErrorBanner(message: errorMessage) { viewModel.clearError() }
                    }
                    VStack(spacing: Spacing.medium) {
                        Menu {
                            ForEach(viewModel.children, id: \.id) { child in
                                Button(child.fullName) { viewModel.selectedChildId = child.id }
                            }
                        } label: {
                            HStack {
                                Image(systemName: "person.fill")
                                    .foregroundStyle(AppColors.primary)
                                Text(viewModel.selectedChild?.fullName ?? "Select Child")
                                    .foregroundStyle(viewModel.selectedChild == nil ? .secondary : .primary)
                                Spacer()
                                Image(systemName: "chevron.down")
                                    .font(.caption)
                                    .foregroundStyle(.secondary)
                            }
                            .padding()
                            .frame(minHeight: Spacing.minimumTouchTarget)
                            .background(AppColors.fieldBackground, in: RoundedRectangle(cornerRadius: Spacing.cornerRadius))
                        }
                        .accessibilityLabel("Select Child")
                        .accessibilityValue(viewModel.selectedChild?.fullName ?? "None")
                        .accessibilityIdentifier("SelectChildMenu")

                        Picker("Type", selection: $viewModel.type) {
                            Text("Money In").tag(TransactionType.credit)
                            Text("Money Out").tag(TransactionType.debit)
                        }
                        .pickerStyle(.segmented)
                        .accessibilityIdentifier("TransactionTypePicker")

                        CurrencyTextField(value: $viewModel.amount, placeholder: "Amount", icon: "dollarsign.circle.fill")
                        AppTextField(text: $viewModel.description, placeholder: "Description", icon: "doc.text.fill")
                        AppTextField(text: $viewModel.category, placeholder: "Category (optional)", icon: "tag.fill")

                        if let preview = viewModel.preview {
                            CardView {
                                VStack(spacing: Spacing.small) {
                                    HStack {
                                        Text("Current Balance").font(AppTypography.caption).foregroundStyle(.secondary)
                                        Spacer()
                                        Text(preview.currentText).font(AppTypography.body)
                                    }
                                    HStack {
                                        Text("New Balance").font(AppTypography.callout).fontWeight(.semibold)
                                        Spacer()
                                        Text(preview.newText)
                                            .font(AppTypography.headline)
                                            .foregroundStyle(preview.isOverdrawn ? AppColors.error : AppColors.success)
                                    }
                                }
                                .padding(Spacing.medium)
                            }
                            .accessibilityElement(children: .combine)
                            .accessibilityIdentifier("BalancePreview")
                        }
                        if let warning = viewModel.insufficientFundsMessage {
                            Text(warning)
                                .font(AppTypography.callout)
                                .foregroundStyle(AppColors.error)
                        }
                    }
                    PrimaryButton(title: "Create Transaction", isLoading: viewModel.isLoading) {
                        Task { await viewModel.create() }
                    }
                    .disabled(!viewModel.canCreate)
                    .accessibilityIdentifier("CreateTransactionButton")
                }
                .padding(Spacing.large)
            }
            .navigationTitle("New Transaction")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
            }
        }
        .task { await viewModel.loadChildren() }
        .onChange(of: viewModel.isCreated) { _, isCreated in
            guard isCreated else { return }
            app.widgets.moneyMoved(.transaction)
            onCreated()
            dismiss()
        }
        .onChange(of: viewModel.problem) { _, problem in app.handle(problem) }
    }
}
