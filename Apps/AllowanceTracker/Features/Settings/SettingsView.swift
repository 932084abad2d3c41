import AllowanceKit
import SwiftUI

/// App Screens 5.1: who is signed in, profile, notifications, about, sign out.
struct SettingsView: View {
    @Environment(AppModel.self) private var app
    @State private var viewModel: SettingsViewModel
    @State private var showingSignOut = false

    init(viewModel: SettingsViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        List {
            Section("Profile") {
                HStack(spacing: Spacing.medium) {
                    Circle()
                        .fill(AppColors.primary.opacity(0.2))
                        .frame(width: 60, height: 60)
                        .overlay(
                            Text(viewModel.userInitials)
                                .font(.title2)
                                .foregroundStyle(AppColors.accessiblePrimary)
                        )
                        .accessibilityHidden(true)
                    VStack(alignment: .leading, spacing: Spacing.xxSmall) {
                        Text(viewModel.userName).font(AppTypography.headline)
                        Text(viewModel.userEmail).font(AppTypography.caption).foregroundStyle(.secondary)
                        Text(viewModel.familyName).font(AppTypography.caption).foregroundStyle(.secondary)
                    }
                }
                .padding(.vertical, Spacing.small)
                .accessibilityElement(children: .combine)
                NavigationLink(value: Route.editProfile) {
                    Label("Edit Profile", systemImage: "person.circle")
                }
                .accessibilityIdentifier("EditProfileLink")
            }
            Section("Preferences") {
                NavigationLink(value: Route.notificationPreferences) {
                    Label("Notification Preferences", systemImage: "bell.badge")
                }
                .accessibilityIdentifier("NotificationPreferencesLink")
                NavigationLink(value: Route.notifications) {
                    Label("Notifications", systemImage: "bell.fill")
                }
                .accessibilityIdentifier("NotificationsLink")
            }
            Section("About") {
                LabeledContent("Version", value: AppConfiguration.versionText(info: Bundle.main.infoDictionary))
                LabeledContent("Server", value: app.client.server.absoluteString)
            }
            Section("Account") {
                Button(role: .destructive) {
                    showingSignOut = true
                } label: {
                    Label("Sign Out", systemImage: "arrow.right.square")
                }
                .accessibilityIdentifier("SignOutButton")
            }
        }
        .navigationTitle("Settings")
        .task { await viewModel.load() }
        .onChange(of: viewModel.problem) { _, problem in app.handle(problem) }
        .onChange(of: viewModel.isSignedOut) { _, isSignedOut in
            if isSignedOut { app.sessionEnded() }
        }
        .confirmationDialog("Sign Out", isPresented: $showingSignOut) {
            Button("Sign Out", role: .destructive) { Task { await viewModel.signOut() } }
            Button("Cancel", role: .cancel) {}
        } message: {
            Text("Are you sure you want to sign out?")
        }
    }
}
