import AllowanceCore
import Foundation
import Observation

/// The signed-in child's home (App Screens 3.1-3.3): balance card, this month's stats, next
/// payday and goals. With an `OfflineCache`, the last copy is shown marked stale when the
/// server cannot be reached.
@MainActor @Observable
public final class ChildDashboardViewModel {
    public private(set) var state = ScreenState.idle
    public private(set) var dashboard: ChildDashboard?
    public private(set) var goals: [SavingsGoalDto] = []
    public private(set) var isRefreshing = false
    public private(set) var problem: ScreenProblem?

    private let client: APIClient
    private let cache: OfflineCache?
    let format: DisplayFormat
    private let now: () -> Date

    public init(
        client: APIClient, cache: OfflineCache? = nil, format: DisplayFormat = DisplayFormat(), now: @escaping () -> Date = Date.init
    ) {
        self.client = client
        self.cache = cache
        self.format = format
        self.now = now
    }

    public var firstName: String { dashboard?.firstName ?? "" }
    public var balanceText: String { format.money(dashboard?.currentBalance ?? .zero) }
    public var weeklyAllowanceText: String { format.money(dashboard?.weeklyAllowance ?? .zero) }
    public var earnedThisMonthText: String { format.money(dashboard?.monthlyStats.totalEarned ?? .zero) }
    public var spentThisMonthText: String { format.money(dashboard?.monthlyStats.totalSpent ?? .zero) }
    /// Moved into goals this month (less what came back out): saved, not spent.
    public var savedThisMonthText: String { format.money(dashboard?.monthlyStats.totalSaved ?? .zero) }
    public var netChangeThisMonthText: String { format.signedMoney(dashboard?.monthlyStats.netChange ?? .zero) }
    /// "Next allowance: Friday"; nil while the allowance is paused or there is none.
    public var nextPaydayText: String? { dashboard?.nextAllowanceDate.map { format.nextAllowance($0, from: now()) } }
    public var recentTransactions: [TransactionResponse] { dashboard?.recentTransactions ?? [] }

    public func load() async {
        if dashboard == nil { state = .loading }
        problem = nil
        do {
            let dashboard = try await client.childDashboard()
            let goals = try await client.savingsGoals(of: dashboard.childId)
            self.dashboard = dashboard
            self.goals = goals
            state = .loaded
            let savedAt = now()
            cache?.update(dashboard.childId) {
                $0.dashboard = .init(value: dashboard, savedAt: savedAt)
                $0.goals = .init(value: goals, savedAt: savedAt)
            }
        } catch {
            problem = ScreenProblem(error)
            if ScreenProblem.isUnreachable(error), await showSavedCopy() { return }
            if dashboard == nil { state = .failed(ScreenProblem(error).message) }
        }
    }

    public func refresh() async {
        isRefreshing = true
        defer { isRefreshing = false }
        await load()
    }

    /// The device's copy for the signed-in child, if there is one.
    private func showSavedCopy() async -> Bool {
        guard let cache, let childId = await client.currentSession()?.user?.childId,
            let saved = cache.snapshot(of: childId).dashboard
        else { return false }
        dashboard = saved.value
        goals = cache.snapshot(of: childId).goals?.value ?? []
        state = .stale(savedAt: saved.savedAt)
        return true
    }
}
