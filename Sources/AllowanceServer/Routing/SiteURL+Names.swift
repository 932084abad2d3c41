import Foundation
import LeafKit

/// Templates name an address instead of spelling it: `#url("goal.contribute", page.goal.id)`.
/// An unknown name or a missing id fails the render, so a broken link cannot ship unnoticed.
/// A path is made of the routes' own words and ids, none of them a character HTML escapes,
/// so Leaf is told not to escape it (it would copy the text character by character, for
/// every link of every page).
struct URLTag: UnsafeUnescapedLeafTag {
    func render(_ context: LeafContext) throws -> LeafData {
        guard let name = context.parameters.first?.string else {
            throw LeafError(.unknownError("url: the first parameter names the address"))
        }
        let ids = try context.parameters.dropFirst().map { value -> UUID in
            guard let text = value.string, let id = UUID(hexText: text) else {
                throw LeafError(.unknownError("url(\(name)): \(value) is not an id"))
            }
            return id
        }
        guard let url = SiteURL(name: name, ids: ids) else {
            throw LeafError(.unknownError("url: no address named \(name) with \(ids.count) ids"))
        }
        return .string(url.path)
    }
}

extension SiteURL {
    /// The address a template names: the case name, then the action after a dot
    /// ("child.money", "goal.edit", "recurring.run"), with its ids in order.
    init?(name: String, ids: [UUID]) {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        let action = parts.count > 1 ? parts[1] : nil
        func id(_ index: Int) -> Parameter? { index < ids.count ? .value(ids[index]) : nil }
        let url: SiteURL?
        switch (parts[0], action, ids.count) {
        case ("home", nil, 0): url = .home
        case ("login", nil, 0): url = .login
        case ("register", nil, 0): url = .register
        case ("logout", nil, 0): url = .logout
        case ("terms", nil, 0): url = .terms
        case ("privacy", nil, 0): url = .privacy
        case ("dashboard", nil, 0): url = .dashboard
        case ("childNew", nil, 0): url = .childNew
        case ("child", nil, 1): url = id(0).map { .child($0) }
        case ("child", let action?, 1): url = ChildAction(rawValue: action).flatMap { action in id(0).map { .childAction($0, action) } }
        case ("childTemplate", nil, 2): url = .childTemplate(id(0)!, template: id(1)!)
        case ("goals", nil, 1): url = .goals(child: id(0)!)
        case ("goalNew", nil, 1): url = .goalNew(child: id(0)!)
        case ("goal", nil, 1): url = .goal(id(0)!)
        case ("goal", let action?, 1): url = GoalAction(rawValue: action).map { .goalAction(id(0)!, $0) }
        case ("transactions", nil, 0): url = .transactions
        case ("ledgerCSV", nil, 1): url = .ledgerCSV(child: id(0)!)
        case ("transactionNew", nil, 0): url = .transactionNew
        case ("transaction", nil, 1): url = .transaction(id(0)!)
        case ("recurring", nil, 0): url = .recurring
        case ("recurringNew", nil, 0): url = .recurringNew
        case ("recurring", let action?, 1): url = RecurringAction(rawValue: action).map { .recurringAction(id(0)!, $0) }
        case ("pending", let action?, 1): url = PendingDecision(rawValue: action).map { .pendingOccurrence(id(0)!, $0) }
        case ("settings", nil, 0): url = .settings
        case ("settings", let action?, 0): url = SettingsForm(rawValue: action).map { .settingsForm($0) }
        case ("notifications", nil, 0): url = .notifications
        case ("notificationsReadAll", nil, 0): url = .notificationsReadAll
        case ("notificationRead", nil, 1): url = .notificationRead(id(0)!)
        case ("learning", nil, 1): url = .learning(child: id(0)!)
        case ("learning", let action?, 1): url = LearningAction(rawValue: action).map { .learningAction(child: id(0)!, $0) }
        case ("learningGoalDelete", nil, 1): url = .learningGoalDelete(id(0)!)
        case ("learningApps", nil, 0): url = .learningApps
        case ("learningSettings", nil, 0): url = .learningSettings
        case ("learningAppDelete", nil, 1): url = .learningAppDelete(id(0)!)
        case ("learningGoalEdit", nil, 1): url = .learningGoalEdit(id(0)!)
        case ("learningBadges", nil, 0): url = .learningBadges
        case ("learningBadgeRetire", nil, 1): url = .learningBadgeRetire(id(0)!)
        case ("templates", nil, 0): url = .templates
        case ("templateNew", nil, 0): url = .templateNew
        case ("template", let action?, 1): url = TemplateAction(rawValue: action).map { .templateAction(id(0)!, $0) }
        default: url = nil
        }
        guard let url else { return nil }
        self = url
    }
}
