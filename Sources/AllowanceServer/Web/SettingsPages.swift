import AllowanceAPI
import AllowanceCore
import Vapor

/// Settings (the App Screens document 5.1-5.3) and the notification list behind the bell.
struct SettingsPages: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(SiteURL.settings.pathComponents, use: settings)
        routes.post(SiteURL.settingsForm(.profile).pathComponents, use: saveProfile)
        routes.post(SiteURL.settingsForm(.password).pathComponents, use: changePassword)
        routes.post(SiteURL.settingsForm(.notifications).pathComponents, use: savePreferences)
        routes.post(SiteURL.settingsForm(.family).pathComponents, use: saveFamily)
        routes.get(SiteURL.notifications.pathComponents, use: notifications)
        routes.post(SiteURL.notificationsReadAll.pathComponents, use: readAll)
        routes.post(SiteURL.notificationRead(.key).pathComponents, use: readOne)
    }

    private func page(_ req: Request) async throws -> SettingsPage {
        let user = try req.requireUser()
        let prefs = try await NotificationService.preferences(of: user.userID, on: req.database)
        var family: SettingsPage.FamilySettings?
        if user.isParent {
            let current = try await AccountService.family(user.familyID, on: req.sql)
            family = .init(name: current.name, timeZone: current.timeZone, zones: Self.zones)
        }
        return SettingsPage(
            firstName: user.firstName, lastName: user.lastName, email: user.email, role: user.role.rawValue,
            preferences: .init(
                notificationsEnabled: prefs.notificationsEnabled, transactionAlerts: prefs.transactionAlerts,
                allowanceReminders: prefs.allowanceReminders, balanceAlerts: prefs.balanceAlerts,
                lowBalanceWarning: prefs.lowBalanceWarning,
                threshold: Money(cents: prefs.lowBalanceThresholdCents).plainText, learningAlerts: prefs.learningAlerts,
                streakReminders: prefs.streakReminders, weeklySummary: prefs.weeklySummary, quietHoursStart: prefs.quietHoursStart ?? "",
                quietHoursEnd: prefs.quietHoursEnd ?? ""), family: family)
    }

    /// Every zone this machine knows, for the family's choice.
    static let zones = TimeZone.knownTimeZoneIdentifiers.sorted()

    @Sendable func saveFamily(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        let form = try req.content.decode(FamilyForm.self)
        do {
            let family = try await AccountService.updateFamily(
                UpdateFamilyRequest(name: form.name ?? "", timeZone: form.timeZone ?? ""), familyID: parent.familyID, in: req.context)
            return Flash.redirect(req, to: SiteURL.settings.path, message: "\(family.name) saved, on \(family.timeZone) time.")
        } catch let error as AppError where error.status.code < 500 {
            var page = try await page(req)
            page.family?.name = form.name ?? ""
            page.familyError = error.message
            return try await req.render("settings", "Settings", section: "settings", page, status: error.status)
        }
    }

    @Sendable func settings(req: Request) async throws -> Response {
        try await req.render("settings", "Settings", section: "settings", try await page(req))
    }

    @Sendable func saveProfile(req: Request) async throws -> Response {
        let user = try req.requireUser()
        let form = try req.content.decode(ProfileForm.self)
        do {
            _ = try await AccountService.updateProfile(
                UpdateProfileRequest(firstName: form.firstName ?? "", lastName: form.lastName ?? "", email: form.email ?? ""), of: user,
                in: req.context)
            return Flash.redirect(req, to: SiteURL.settings.path, message: "Profile saved.")
        } catch let error as AppError where error.status.code < 500 {
            var page = try await page(req)
            page.firstName = form.firstName ?? ""
            page.lastName = form.lastName ?? ""
            page.email = form.email ?? ""
            page.profileError = error.message
            return try await req.render("settings", "Settings", section: "settings", page, status: error.status)
        }
    }

    @Sendable func changePassword(req: Request) async throws -> Response {
        let user = try req.requireUser()
        let form = try req.content.decode(PasswordForm.self)
        do {
            guard form.newPassword == form.confirmPassword else { throw AppError.validation("Passwords do not match") }
            try await AccountService.changePassword(
                ChangePasswordRequest(currentPassword: form.currentPassword ?? "", newPassword: form.newPassword ?? ""), of: user,
                in: req.context)
            return Flash.redirect(req, to: SiteURL.settings.path, message: "Password changed. Other devices have been signed out.")
        } catch let error as AppError where error.status.code < 500 {
            var page = try await page(req)
            page.passwordError = error.message
            return try await req.render("settings", "Settings", section: "settings", page, status: error.status)
        }
    }

    @Sendable func savePreferences(req: Request) async throws -> Response {
        let user = try req.requireUser()
        let form = try req.content.decode(PreferencesForm.self)
        do {
            let threshold = try WebForms.amount(form.threshold?.isEmpty == false ? form.threshold : "0", allowZero: true)
            _ = try await NotificationService.updatePreferences(
                of: user.userID,
                with: NotificationPreferencesDto(
                    notificationsEnabled: form.notificationsEnabled != nil, transactionAlertsEnabled: form.transactionAlerts != nil,
                    allowanceRemindersEnabled: form.allowanceReminders != nil, balanceAlertsEnabled: form.balanceAlerts != nil,
                    lowBalanceWarningEnabled: form.lowBalanceWarning != nil, lowBalanceThreshold: threshold,
                    learningAlertsEnabled: form.learningAlerts != nil, streakRemindersEnabled: form.streakReminders != nil,
                    weeklySummaryEnabled: form.weeklySummary != nil, quietHoursStart: form.quietHoursStart ?? "",
                    quietHoursEnd: form.quietHoursEnd ?? ""), in: req.context)
            return Flash.redirect(req, to: SiteURL.settings.path, message: "Notification preferences saved.")
        } catch let error as AppError where error.status.code < 500 {
            var page = try await page(req)
            page.preferences = .init(form)
            // The service speaks the API's field names; the page names its own fields.
            page.preferencesError = error.message.replacingOccurrences(of: "Amount", with: "Threshold")
                .replacingOccurrences(of: "quietHoursStart", with: "Quiet hours from").replacingOccurrences(
                    of: "quietHoursEnd", with: "Quiet hours until")
            return try await req.render("settings", "Settings", section: "settings", page, status: error.status)
        }
    }

    @Sendable func notifications(req: Request) async throws -> Response {
        let user = try req.requireUser()
        let list = try await NotificationService.list(for: user.userID, unreadOnly: false, limit: 100, on: req.database)
        let calendar = try await req.familyCalendar()
        // A notification about a child since removed keeps its words but links nowhere.
        let children = Set(try await FamilyDirectory.children(ofFamily: user.familyID, on: req.sql).map(\.id))
        return try await req.render(
            "notifications", "Notifications", section: "notifications",
            NotificationsPage(
                items: list.notifications.map {
                    .init(
                        id: $0.id, title: $0.title, message: $0.message, when: calendar.displayDateTime($0.createdAt), isRead: $0.isRead,
                        childId: $0.childId.flatMap { children.contains($0) ? $0 : nil })
                },
                unread: list.unreadCount))
    }

    @Sendable func readAll(req: Request) async throws -> Response {
        try await NotificationService.markAllRead(for: try req.requireUser().userID, in: req.context)
        return Flash.redirect(req, to: SiteURL.notifications.path, message: "All notifications marked as read.")
    }

    @Sendable func readOne(req: Request) async throws -> Response {
        let user = try req.requireUser()
        _ = try await NotificationService.markRead(try req.uuidParameter("notificationId"), for: user.userID, in: req.context)
        return req.redirect(to: SiteURL.notifications.path)
    }
}
