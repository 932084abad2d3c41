import AllowanceKit
import SwiftUI

/// App Screens 5.2: one's own name and email.
struct EditProfileView: View {
    @Environment(AppModel.self) private var app
    @Environment(\.dismiss) private var dismiss
    @State private var viewModel: EditProfileViewModel

    init(viewModel: EditProfileViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        Form {
            Section("Personal Information") {
                TextField("First Name", text: $viewModel.firstName)
                    .textContentType(.givenName)
                TextField("Last Name", text: $viewModel.lastName)
                    .textContentType(.familyName)
                TextField("Email", text: $viewModel.email)
                    .textContentType(.emailAddress)
                    .keyboardType(.emailAddress)
                    .textInputAutocapitalization(.never)
            }
            if let errorMessage = viewModel.errorMessage {
                Section {
                    Text(errorMessage)
                        .foregroundStyle(AppColors.error)
                        .font(AppTypography.callout)
                }
            }
            Section {
                Button {
                    Task { await viewModel.save() }
                } label: {
                    if viewModel.isLoading {
                        ProgressView().frame(maxWidth: .infinity)
                    } else {
                        Text("Save Changes").frame(maxWidth: .infinity)
                    }
                }
                .disabled(viewModel.isLoading)
                .accessibilityIdentifier("SaveProfileButton")
            }
        }
        .navigationTitle("Edit Profile")
        .navigationBarTitleDisplayMode(.inline)
        .task { await viewModel.load() }
        .onChange(of: viewModel.problem) { _, problem in app.handle(problem) }
        .onChange(of: viewModel.isSaved) { _, isSaved in
            if isSaved { dismiss() }
        }
    }
}
