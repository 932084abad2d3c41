import AllowanceKit
import SwiftUI

/// App Screens 1.3: a parent adds a child's login, weekly allowance, payday and starting money.
struct RegisterChildView: View {
    @Environment(\.dismiss) private var dismiss
    @State private var viewModel: RegisterChildViewModel
    /// Called after the child was added (the dashboard reloads).
    var onAdded: () -> Void = {}

    init(viewModel: RegisterChildViewModel, onAdded: @escaping () -> Void = {}) {
        _viewModel = State(initialValue: viewModel)
        self.onAdded = onAdded
    }

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(spacing: Spacing.large) {
                    VStack(spacing: Spacing.xSmall) {
                        Image(systemName: "person.crop.circle.badge.plus")
                            .font(.system(size: 56))
                            .foregroundStyle(AppColors.primary)
                            .accessibilityHidden(true)
                        Text("Create an account for your child")
                            .font(AppTypography.body)
                            .foregroundStyle(.secondary)
                    }

                    if let errorMessage = viewModel.errorMessage {
                        ErrorBanner(message: errorMessage) { viewModel.clearError() }
                    }

                    VStack(spacing: Spacing.medium) {
                        AppTextField(text: $viewModel.firstName, placeholder: "First Name", icon: "person.fill")
                        AppTextField(text: $viewModel.lastName, placeholder: "Last Name", icon: "person.fill")
                        AppTextField(text: $viewModel.email, placeholder: "Email", icon: "envelope.fill", keyboardType: .emailAddress)
                            .textInputAutocapitalization(.never)
                        AppSecureField(text: $viewModel.password, placeholder: "Password", icon: "lock.fill")
                        AppSecureField(text: $viewModel.confirmPassword, placeholder: "Confirm Password", icon: "lock.fill")
                        CurrencyTextField(
                            value: $viewModel.weeklyAllowance, placeholder: "Weekly Allowance", icon: "dollarsign.circle.fill")
                        Picker("Allowance Day", selection: $viewModel.allowanceDay) {
                            Text("Saturday (default)").tag(Weekday?.none)
                            ForEach(Weekday.allCases, id: \.self) { day in
                                Text(day.name).tag(Optional(day))
                            }
                        }
                        .frame(minHeight: Spacing.minimumTouchTarget)
                        CurrencyTextField(value: $viewModel.initialBalance, placeholder: "Starting Balance (optional)", icon: "banknote")
                    }

                    PrimaryButton(title: "Add Child", isLoading: viewModel.isLoading) {
                        Task { await viewModel.register() }
                    }
                    .accessibilityIdentifier("AddChildSubmit")
                }
                .padding(Spacing.large)
            }
            .navigationTitle("Add Child")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
            }
        }
        .onChange(of: viewModel.isRegistered) { _, isRegistered in
            guard isRegistered else { return }
            onAdded()
            dismiss()
        }
    }
}
