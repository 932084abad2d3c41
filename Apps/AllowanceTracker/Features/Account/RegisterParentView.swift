import AllowanceKit
import SwiftUI

/// App Screens 1.2: a parent makes an account and a family and is signed in.
struct RegisterParentView: View {
    @Environment(AppModel.self) private var app
    @Environment(\.dismiss) private var dismiss
    @State private var viewModel: RegisterParentViewModel

    init(viewModel: RegisterParentViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(spacing: Spacing.large) {
                    VStack(spacing: Spacing.xSmall) {
                        Text("Create Parent Account")
                            .font(AppTypography.title2)
                            .accessibilityAddTraits(.isHeader)
                        Text("Set up your family's allowance tracker")
                            .font(AppTypography.body)
                            .foregroundStyle(.secondary)
                    }
                    .multilineTextAlignment(.center)

                    if let errorMessage = viewModel.errorMessage {
                        ErrorBanner(message: errorMessage) { viewModel.clearError() }
                    }

                    VStack(spacing: Spacing.medium) {
                        SectionHeader(title: "Personal Information")
                        AppTextField(text: $viewModel.firstName, placeholder: "First Name", icon: "person.fill")
                            .textContentType(.givenName)
                        AppTextField(text: $viewModel.lastName, placeholder: "Last Name", icon: "person.fill")
                            .textContentType(.familyName)

                        SectionHeader(title: "Account Information")
                        AppTextField(text: $viewModel.email, placeholder: "Email", icon: "envelope.fill", keyboardType: .emailAddress)
                            .textContentType(.emailAddress)
                            .textInputAutocapitalization(.never)
                        AppSecureField(text: $viewModel.password, placeholder: "Password", icon: "lock.fill")
                            .textContentType(.newPassword)
                        if !viewModel.password.isEmpty {
                            PasswordStrengthIndicator(strength: viewModel.passwordStrength)
                        }
                        AppSecureField(text: $viewModel.confirmPassword, placeholder: "Confirm Password", icon: "lock.fill")
                            .textContentType(.newPassword)

                        SectionHeader(title: "Family Information")
                        AppTextField(text: $viewModel.familyName, placeholder: "Family Name (e.g., Smith Family)", icon: "house.fill")
                        Text("This will be the name of your family group")
                            .font(AppTypography.caption)
                            .foregroundStyle(.secondary)
                            .frame(maxWidth: .infinity, alignment: .leading)
                    }

                    PrimaryButton(title: "Create Account", isLoading: viewModel.isLoading) {
                        Task { await viewModel.register() }
                    }
                    .accessibilityIdentifier("CreateAccountButton")

                    Text("By creating an account, you agree to our Terms of Service and Privacy Policy")
                        .font(AppTypography.caption)
                        .foregroundStyle(.secondary)
                        .multilineTextAlignment(.center)
                }
                .padding(Spacing.large)
            }
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
            }
        }
        .onChange(of: viewModel.isRegistered) { _, isRegistered in
            guard isRegistered, let auth = viewModel.registered else { return }
            dismiss()
            app.signedIn(auth)
        }
    }
}
