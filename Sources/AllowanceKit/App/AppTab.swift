import AllowanceAPI

/// The tabs of the main screen, by who is signed in: a parent runs the family, a child
/// looks after their own money.
public enum AppTab: String, CaseIterable, Hashable, Sendable {
    case dashboard
    case transactions
    case goals
    case learning
    case quickActions
    case piggyBank
    case settings

    public static func tabs(for role: UserRole?) -> [AppTab] {
        switch role {
        case .parent: [.dashboard, .transactions, .quickActions, .piggyBank, .settings]
        case .child: [.dashboard, .transactions, .goals, .learning, .settings]
        case nil: []
        }
    }

    public var title: String {
        switch self {
        case .dashboard: "Dashboard"
        case .transactions: "Transactions"
        case .goals: "Goals"
        case .learning: "Learning"
        case .quickActions: "Quick Actions"
        case .piggyBank: "Piggy Bank"
        case .settings: "Settings"
        }
    }

    /// The SF Symbol of the tab.
    public var systemImage: String {
        switch self {
        case .dashboard: "house.fill"
        case .transactions: "list.bullet.rectangle"
        case .goals: "target"
        case .learning: "graduationcap.fill"
        case .quickActions: "bolt.fill"
        case .piggyBank: "banknote.fill"
        case .settings: "gearshape.fill"
        }
    }
}
