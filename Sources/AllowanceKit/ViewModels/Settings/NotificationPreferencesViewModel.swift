import AllowanceCore
import Foundation
import Observation

/// Which notifications a person gets (App Screens 5.3).
@MainActor @Observable
public final class NotificationPreferencesViewModel {
    public var notificationsEnabled = false
    public var transactionAlertsEnabled = true
    public var allowanceRemindersEnabled = true
    public var balanceAlertsEnabled = true
    public var lowBalanceWarningEnabled = false
    /// As typed: "10.00".
    public var lowBalanceThreshold = "10.00"
    public private(set) var state = ScreenState.idle
    public private(set) var isSaving = false
    public private(set) var isSaved = false
    public private(set) var problem: ScreenProblem?

    private let client: APIClient

    public init(client: APIClient) { self.client = client }

    public var validationMessage: String? {
        guard lowBalanceWarningEnabled else { return nil }
        guard let threshold = MoneyField.parse(lowBalanceThreshold), !threshold.isNegative else {
            return "Please enter a valid low balance amount"
        }
        return nil
    }

    public func load() async {
        state = .loading
        do {
            show(try await client.notificationPreferences())
            state = .loaded
        } catch {
            problem = ScreenProblem(error)
            state = .failed(ScreenProblem(error).message)
        }
    }

    public func save() async {
        if let message = validationMessage {
            problem = ScreenProblem(message)
            return
        }
        isSaving = true
        defer { isSaving = false }
        problem = nil
        isSaved = false
        var change = NotificationPreferencesDto()
        change.notificationsEnabled = notificationsEnabled
        change.transactionAlertsEnabled = transactionAlertsEnabled
        change.allowanceRemindersEnabled = allowanceRemindersEnabled
        change.balanceAlertsEnabled = balanceAlertsEnabled
        change.lowBalanceWarningEnabled = lowBalanceWarningEnabled
        change.lowBalanceThreshold = MoneyField.parse(lowBalanceThreshold)
        do {
            show(try await client.updateNotificationPreferences(change))
            isSaved = true
        } catch {
            problem = ScreenProblem(error)
        }
    }

    private func show(_ preferences: NotificationPreferencesDto) {
        notificationsEnabled = preferences.notificationsEnabled ?? notificationsEnabled
        transactionAlertsEnabled = preferences.transactionAlertsEnabled ?? transactionAlertsEnabled
        allowanceRemindersEnabled = preferences.allowanceRemindersEnabled ?? allowanceRemindersEnabled
        balanceAlertsEnabled = preferences.balanceAlertsEnabled ?? balanceAlertsEnabled
        lowBalanceWarningEnabled = preferences.lowBalanceWarningEnabled ?? lowBalanceWarningEnabled
        if let threshold = preferences.lowBalanceThreshold { lowBalanceThreshold = threshold.plainText }
    }
}
