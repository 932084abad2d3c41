import Foundation
import Vapor

/// Every address of the web app, spelled once (as SwiftPackageIndex-Server's `SiteURL`).
/// Pages are registered from these cases (`WebRoutes`), redirects ask for
/// `SiteURL.child(.value(id)).path`, and templates for `#url("child", page.id)`.
enum SiteURL: Equatable {
    /// A path parameter: `.key` in a route pattern, `.value(id)` in a link.
    enum Parameter: Equatable {
        case key
        case value(UUID)
    }

    case home
    case login, register, logout
    case terms, privacy
    case dashboard
    case childNew
    case child(Parameter)
    case childAction(Parameter, ChildAction)
    case childTemplate(Parameter, template: Parameter)
    case goals(child: Parameter)
    case goalNew(child: Parameter)
    case goal(Parameter)
    case goalAction(Parameter, GoalAction)
    case transactions, transactionNew
    case ledgerCSV(child: Parameter)
    case transaction(Parameter)
    case recurring, recurringNew
    case recurringAction(Parameter, RecurringAction)
    case pendingOccurrence(Parameter, PendingDecision)
    case settings
    case settingsForm(SettingsForm)
    case notifications, notificationsReadAll
    case notificationRead(Parameter)
    case learning(child: Parameter)
    case learningAction(child: Parameter, LearningAction)
    case learningGoalDelete(Parameter)
    case learningGoalEdit(Parameter)
    case learningApps
    case learningSettings
    case learningAppDelete(Parameter)
    case learningBadges
    case learningBadgeRetire(Parameter)
    case templates, templateNew
    case templateAction(Parameter, TemplateAction)

    enum ChildAction: String, CaseIterable {
        case money, rename, login, delete, pauseAllowance, resumeAllowance
        case quickSubtract = "quick-subtract"
    }
    enum GoalAction: String, CaseIterable {
        case edit, contribute, withdraw, gift, pause, resume, cancel, purchase, matching, challenge
        case matchingOff = "matching-off"
        case challengeCancel = "challenge-cancel"
    }
    enum RecurringAction: String, CaseIterable { case edit, pause, resume, run, delete }
    enum PendingDecision: String, CaseIterable { case approve, reject }
    enum TemplateAction: String, CaseIterable {
        case edit, delete
        case moveUp = "move-up"
        case moveDown = "move-down"
    }
    enum SettingsForm: String, CaseIterable { case profile, password, notifications, family }
    enum LearningAction: String, CaseIterable {
        case session, goal, redeem
        case sessionsImport = "import"
    }

    /// The path, for links and redirects (`.key` parameters read `:name`).
    var path: String {
        "/"
            + parts.map { part in
                switch part {
                case .constant(let text): text
                case .parameter(let name, .key): ":" + name
                case .parameter(_, .value(let id)): id.uuidString
                }
            }.joined(separator: "/")
    }

    /// The route pattern, for registering the handler.
    var pathComponents: [PathComponent] {
        parts.map { part in
            switch part {
            case .constant(let text): .constant(text)
            case .parameter(let name, _): .parameter(name)
            }
        }
    }

    private enum Part {
        case constant(String)
        case parameter(String, Parameter)
    }

    private var parts: [Part] {
        switch self {
        case .home: []
        case .login: [.constant("login")]
        case .register: [.constant("register")]
        case .logout: [.constant("logout")]
        case .terms: [.constant("terms")]
        case .privacy: [.constant("privacy")]
        case .dashboard: [.constant("dashboard")]
        case .childNew: [.constant("children"), .constant("new")]
        case .child(let id): [.constant("children"), .parameter("childId", id)]
        case .childAction(let id, .pauseAllowance):
            [.constant("children"), .parameter("childId", id), .constant("allowance"), .constant("pause")]
        case .childAction(let id, .resumeAllowance):
            [.constant("children"), .parameter("childId", id), .constant("allowance"), .constant("resume")]
        case .childAction(let id, let action): [.constant("children"), .parameter("childId", id), .constant(action.rawValue)]
        case .childTemplate(let id, let template):
            [.constant("children"), .parameter("childId", id), .constant("templates"), .parameter("templateId", template)]
        case .goals(let child): [.constant("children"), .parameter("childId", child), .constant("goals")]
        case .goalNew(let child): [.constant("children"), .parameter("childId", child), .constant("goals"), .constant("new")]
        case .goal(let id): [.constant("goals"), .parameter("goalId", id)]
        case .goalAction(let id, let action): [.constant("goals"), .parameter("goalId", id), .constant(action.rawValue)]
        case .transactions: [.constant("transactions")]
        case .ledgerCSV(let child): [.constant("children"), .parameter("childId", child), .constant("transactions.csv")]
        case .transactionNew: [.constant("transactions"), .constant("new")]
        case .transaction(let id): [.constant("transactions"), .parameter("transactionId", id)]
        case .recurring: [.constant("recurring")]
        case .recurringNew: [.constant("recurring"), .constant("new")]
        case .recurringAction(let id, let action): [.constant("recurring"), .parameter("recurringId", id), .constant(action.rawValue)]
        case .pendingOccurrence(let id, let decision):
            [.constant("recurring"), .constant("pending"), .parameter("occurrenceId", id), .constant(decision.rawValue)]
        case .settings: [.constant("settings")]
        case .settingsForm(let form): [.constant("settings"), .constant(form.rawValue)]
        case .notifications: [.constant("notifications")]
        case .notificationsReadAll: [.constant("notifications"), .constant("read-all")]
        case .notificationRead(let id): [.constant("notifications"), .parameter("notificationId", id), .constant("read")]
        case .learning(let child): [.constant("children"), .parameter("childId", child), .constant("learning")]
        case .learningAction(let child, let action):
            [.constant("children"), .parameter("childId", child), .constant("learning"), .constant(action.rawValue)]
        case .learningGoalDelete(let id): [.constant("learning-goals"), .parameter("learningGoalId", id), .constant("delete")]
        case .learningApps: [.constant("learning"), .constant("apps")]
        case .learningSettings: [.constant("learning"), .constant("settings")]
        case .learningAppDelete(let id): [.constant("learning"), .constant("apps"), .parameter("appCategoryId", id), .constant("delete")]
        case .learningGoalEdit(let id): [.constant("learning-goals"), .parameter("learningGoalId", id), .constant("edit")]
        case .learningBadges: [.constant("learning"), .constant("badges")]
        case .learningBadgeRetire(let id):
            [.constant("learning"), .constant("badges"), .parameter("customBadgeId", id), .constant("delete")]
        case .templates: [.constant("templates")]
        case .templateNew: [.constant("templates"), .constant("new")]
        case .templateAction(let id, let action): [.constant("templates"), .parameter("templateId", id), .constant(action.rawValue)]
        }
    }
}
