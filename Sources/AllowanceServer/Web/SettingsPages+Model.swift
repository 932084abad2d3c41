import AllowanceAPI
import AllowanceCore
import Foundation
import Vapor

/// What the settings pages show and the forms they read.
extension SettingsPages {
    struct SettingsPage: Encodable {
        var firstName: String
        var lastName: String
        var email: String
        var role: String
        var preferences: Preferences
        var profileError: String?
        var passwordError: String?
        var preferencesError: String?
        /// For a parent: the family's name and time zone, and the zones to choose from.
        var family: FamilySettings?
        var familyError: String?
        /// The app's version, for the About section.
        var version = AppVersion.current

        struct FamilySettings: Encodable {
            var name: String
            var timeZone: String
            let zones: [String]
        }

        struct Preferences: Encodable {
            let notificationsEnabled: Bool, transactionAlerts: Bool, allowanceReminders: Bool, balanceAlerts: Bool
            let lowBalanceWarning: Bool, threshold: String
            let learningAlerts: Bool, streakReminders: Bool, weeklySummary: Bool
            let quietHoursStart: String, quietHoursEnd: String
        }
    }
}

extension SettingsPages.SettingsPage.Preferences {
    /// The switches and fields as they were sent, for a form that comes back refused.
    init(_ form: SettingsPages.PreferencesForm) {
        self.init(
            notificationsEnabled: form.notificationsEnabled != nil, transactionAlerts: form.transactionAlerts != nil,
            allowanceReminders: form.allowanceReminders != nil, balanceAlerts: form.balanceAlerts != nil,
            lowBalanceWarning: form.lowBalanceWarning != nil, threshold: form.threshold ?? "", learningAlerts: form.learningAlerts != nil,
            streakReminders: form.streakReminders != nil, weeklySummary: form.weeklySummary != nil,
            quietHoursStart: form.quietHoursStart ?? "", quietHoursEnd: form.quietHoursEnd ?? "")
    }
}

extension SettingsPages {
    struct ProfileForm: Content {
        var firstName: String?
        var lastName: String?
        var email: String?
    }

    struct FamilyForm: Content {
        var name: String?
        var timeZone: String?
    }

    struct PasswordForm: Content {
        var currentPassword: String?
        var newPassword: String?
        var confirmPassword: String?
    }

    struct PreferencesForm: Content {
        var notificationsEnabled: String?, transactionAlerts: String?, allowanceReminders: String?, balanceAlerts: String?
        var lowBalanceWarning: String?, threshold: String?
        var learningAlerts: String?, streakReminders: String?, weeklySummary: String?, quietHoursStart: String?, quietHoursEnd: String?
    }

    struct NotificationsPage: Encodable {
        let items: [Item]
        let unread: Int
        struct Item: Encodable {
            let id: UUID
            let title: String
            let message: String
            let when: String
            let isRead: Bool
            let childId: UUID?
        }
    }
}
