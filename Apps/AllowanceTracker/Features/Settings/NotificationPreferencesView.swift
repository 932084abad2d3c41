import AllowanceKit
import SwiftUI

/// App Screens 5.3: which notifications arrive, and the low-balance threshold.
struct NotificationPreferencesView: View {
    @Environment(AppModel.self) private var app
    @State private var viewModel: NotificationPreferencesViewModel

    init(viewModel: NotificationPreferencesViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        Form {
            Section {
                Toggle("Allow Notifications", isOn: $viewModel.notificationsEnabled)
                    .accessibilityIdentifier("AllowNotificationsToggle")
            } footer: {
                Text("Enable notifications to receive updates about transactions and allowances")
            }
            if viewModel.notificationsEnabled {
                Section("Notification Types") {
                    Toggle("Transaction Alerts", isOn: $viewModel.transactionAlertsEnabled)
                    Toggle("Allowance Reminders", isOn: $viewModel.allowanceRemindersEnabled)
                    Toggle("Balance Alerts", isOn: $viewModel.balanceAlertsEnabled)
                }
                Section("Balance Alerts") {
                    Toggle("Low Balance Warning", isOn: $viewModel.lowBalanceWarningEnabled)
                    if viewModel.lowBalanceWarningEnabled {
                        CurrencyTextField(value: $viewModel.lowBalanceThreshold, placeholder: "Alert when balance below", icon: "bell")
                    }
                }
            }
            if let message = viewModel.validationMessage ?? viewModel.problem?.message {
                Section {
                    Text(message).foregroundStyle(AppColors.error)
                }
            }
            Section {
                Button {
                    Task { await viewModel.save() }
                } label: {
                    if viewModel.isSaving {
                        ProgressView().frame(maxWidth: .infinity)
                    } else {
                        Text(viewModel.isSaved ? "Saved" : "Save").frame(maxWidth: .infinity)
                    }
                }
                .disabled(viewModel.isSaving)
                .accessibilityIdentifier("SavePreferencesButton")
            }
        }
        .navigationTitle("Notifications")
        .navigationBarTitleDisplayMode(.inline)
        .task { await viewModel.load() }
        .onChange(of: viewModel.problem) { _, problem in app.handle(problem) }
    }
}
