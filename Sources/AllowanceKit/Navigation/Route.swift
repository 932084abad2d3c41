import Foundation

/// Every screen a link or a tap can open. A deep link is a parse into this enum:
/// `allowancetracker://child/<id>`, `transaction/<id>`, `goal/<id>`, `learning-goal/<id>`,
/// `settings`, `settings/profile`, `settings/notifications`, `notifications`.
public enum Route: Hashable, Sendable {
    case childDetail(childId: UUID)
    case transactionDetail(transactionId: UUID)
    case goalDetail(goalId: UUID)
    case learningGoalDetail(learningGoalId: UUID)
    case createTransaction
    case addChild
    case settings
    case editProfile
    case notificationPreferences
    case notifications

    public static let scheme = "allowancetracker"

    /// The route a deep link names; nil for anything else (another scheme, an unknown screen, a bad id).
    public init?(deepLink url: URL) {
        guard url.scheme?.lowercased() == Self.scheme else { return nil }
        // In `allowancetracker://child/<id>` the first word is the URL's host; the rest is its path.
        let parts = ([url.host].compactMap { $0 } + url.path.split(separator: "/").map(String.init)).filter { !$0.isEmpty }
        guard let first = parts.first?.lowercased() else { return nil }
        let id = parts.count == 2 ? UUID(uuidString: parts[1]) : nil
        switch (first, parts.count) {
        case ("child", 2):
            guard let id else { return nil }
            self = .childDetail(childId: id)
        case ("transaction", 2):
            guard let id else { return nil }
            self = .transactionDetail(transactionId: id)
        case ("goal", 2):
            guard let id else { return nil }
            self = .goalDetail(goalId: id)
        case ("learning-goal", 2):
            guard let id else { return nil }
            self = .learningGoalDetail(learningGoalId: id)
        case ("settings", 1): self = .settings
        case ("settings", 2) where parts[1].lowercased() == "profile": self = .editProfile
        case ("settings", 2) where parts[1].lowercased() == "notifications": self = .notificationPreferences
        case ("notifications", 1): self = .notifications
        default: return nil
        }
    }

    /// The link that opens this screen; nil for screens that are only reached by a tap.
    public var deepLink: URL? {
        let path: String
        switch self {
        case .childDetail(let id): path = "child/\(id.uuidString.lowercased())"
        case .transactionDetail(let id): path = "transaction/\(id.uuidString.lowercased())"
        case .goalDetail(let id): path = "goal/\(id.uuidString.lowercased())"
        case .learningGoalDetail(let id): path = "learning-goal/\(id.uuidString.lowercased())"
        case .settings: path = "settings"
        case .editProfile: path = "settings/profile"
        case .notificationPreferences: path = "settings/notifications"
        case .notifications: path = "notifications"
        case .createTransaction, .addChild: return nil
        }
        return URL(string: "\(Self.scheme)://\(path)")
    }
}
