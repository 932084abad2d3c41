import Foundation

/// The home-screen widgets (Quick Actions: balance, goal progress, quick actions, family
/// balances). The raw value is WidgetKit's `kind`, so the app reloads exactly these.
public enum WidgetKind: String, CaseIterable, Sendable {
    case balance = "BalanceWidget"
    case goalProgress = "GoalProgressWidget"
    case quickActions = "QuickActionsWidget"
    case familyBalances = "FamilyBalancesWidget"
}

/// What moved money in the app; each move makes some widgets out of date.
public enum MoneyChange: Sendable {
    /// A transaction was recorded (the ledger, a template, a recurring transaction posted now).
    case transaction
    /// Money went into or out of a savings goal (the child's balance moves with it).
    case goal

    /// The widgets that show what this change touched.
    public var affectedWidgets: [WidgetKind] {
        switch self {
        case .transaction: [.balance, .quickActions, .familyBalances]
        case .goal: [.balance, .goalProgress, .quickActions, .familyBalances]
        }
    }
}

/// How often a widget asks the server again (Quick Actions: every 15 minutes), and sooner
/// after a failure, so a widget that missed the server once is not stale for long.
public enum WidgetTimelinePolicy {
    public static let refreshInterval: TimeInterval = 15 * 60
    public static let retryInterval: TimeInterval = 5 * 60

    public static func nextRefresh(after now: Date, succeeded: Bool) -> Date {
        now.addingTimeInterval(succeeded ? refreshInterval : retryInterval)
    }
}

/// Tells WidgetKit which timelines to reload after money moved in the app, so a widget shows
/// the new balance at once instead of at its next 15-minute refresh. The app gives it
/// `WidgetCenter.shared.reloadTimelines(ofKind:)`; tests give it a recorder.
public struct WidgetRefresher: Sendable {
    private let reload: @Sendable (WidgetKind) -> Void

    public init(reload: @escaping @Sendable (WidgetKind) -> Void = { _ in }) { self.reload = reload }

    public func moneyMoved(_ change: MoneyChange) {
        for kind in change.affectedWidgets { reload(kind) }
    }

    /// Signing in or out changes whose money every widget shows.
    public func sessionChanged() {
        for kind in WidgetKind.allCases { reload(kind) }
    }
}
