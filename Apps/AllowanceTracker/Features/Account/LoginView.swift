import AllowanceKit
import SwiftUI

/// App Screens 1.1: sign in as a parent or a child. Validation and the server's refusal are
/// `LoginViewModel`'s sentences; a success hands the session to `AppModel`.
struct LoginView: View {
    @Environment(AppModel.self) private var app
    @State private var viewModel: LoginViewModel
    @State private var showingRegister = false
    @State private var showingPiggyBank = false
    @FocusState private var focusedField: Field?

    enum Field {
        case email
        case password
    }

    init(viewModel: LoginViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(spacing: Spacing.large) {
                    Image(systemName: "dollarsign.circle.fill")
                        .resizable()
                        .scaledToFit()
                        .frame(width: 100, height: 100)
                        .foregroundStyle(AppColors.primary)
                        .padding(.top, Spacing.xxLarge)
                        .accessibilityHidden(true)

                    VStack(spacing: Spacing.xSmall) {
                        Text("Welcome Back")
                            .font(AppTypography.title1)
                            .accessibilityAddTraits(.isHeader)
                        Text("Sign in to continue")
                            .font(AppTypography.body)
                            .foregroundStyle(.secondary)
                    }
                    .multilineTextAlignment(.center)

                    if let errorMessage = viewModel.errorMessage {
                        ErrorBanner(message: errorMessage) { viewModel.clearError() }
                    }

                    VStack(spacing: Spacing.medium) {
                        AppTextField(text: $viewModel.email, placeholder: "Email", icon: "envelope.fill", keyboardType: .emailAddress)
                            .textContentType(.emailAddress)
                            .textInputAutocapitalization(.never)
                            .focused($focusedField, equals: .email)
                            .submitLabel(.next)
                            .onSubmit { focusedField = .password }
                            .accessibilityIdentifier("LoginEmail")

                        AppSecureField(text: $viewModel.password, placeholder: "Password", icon: "lock.fill")
                            .textContentType(.password)
                            .focused($focusedField, equals: .password)
                            .submitLabel(.go)
                            .onSubmit { signIn() }

                        Toggle("Remember me", isOn: $viewModel.rememberMe)
                            .font(AppTypography.callout)
                            .frame(minHeight: Spacing.minimumTouchTarget)
                            .padding(.horizontal, Spacing.small)
                    }

                    PrimaryButton(title: "Sign In", isLoading: viewModel.isLoading) { signIn() }
                        .accessibilityIdentifier("SignInButton")

                    ViewThatFits {
                        HStack(spacing: Spacing.xxSmall) { registerPrompt }
                        VStack(spacing: Spacing.xxSmall) { registerPrompt }
                    }

                    Button("Use the piggy bank without an account") { showingPiggyBank = true }
                        .font(AppTypography.callout)
                        .frame(minHeight: Spacing.minimumTouchTarget)
                        .accessibilityIdentifier("LocalPiggyBankButton")
                }
                .padding(.horizontal, Spacing.large)
                .padding(.bottom, Spacing.large)
            }
            .toolbar(.hidden, for: .navigationBar)
            .sheet(isPresented: $showingRegister) {
                RegisterParentView(viewModel: RegisterParentViewModel(client: app.client))
            }
            .sheet(isPresented: $showingPiggyBank) {
                LocalPiggyBankSheet()
            }
        }
    }

    @ViewBuilder
    private var registerPrompt: some View {
        Text("Don't have an account?")
            .font(AppTypography.callout)
            .foregroundStyle(.secondary)
        Button("Sign Up") { showingRegister = true }
            .font(AppTypography.callout.weight(.semibold))
            .frame(minHeight: Spacing.minimumTouchTarget)
            .accessibilityIdentifier("SignUpButton")
    }

    private func signIn() {
        Task {
            await viewModel.login()
            if let auth = viewModel.signedIn { app.signedIn(auth) }
        }
    }
}
