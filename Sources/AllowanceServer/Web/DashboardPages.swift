import AllowanceAPI
import AllowanceCore
import Vapor

/// `/dashboard`: the family overview for a parent, the piggy bank for a child.
struct DashboardPages: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(SiteURL.dashboard.pathComponents, use: dashboard)
    }

    @Sendable func dashboard(req: Request) async throws -> Response {
        let user = try req.requireUser()
        guard user.isParent else { return try await Self.childDashboard(req) }
        let (data, calendar) = try await DashboardService.parentWithCalendar(user, in: req.context)
        let glances = try await LearningGlance.texts(ofChildren: data.children.map(\.childId), calendar: calendar, in: req.context)
        let cards = data.children.map { child in
            ChildCard(
                id: child.childId, name: "\(child.firstName) \(child.lastName)",
                avatar: Avatar(id: child.childId, firstName: child.firstName, lastName: child.lastName),
                balance: MoneyText(child.currentBalance), weeklyAllowance: child.weeklyAllowance.formatted,
                recentText: child.recentTransactionCount == 1
                    ? "1 recent transaction" : "\(child.recentTransactionCount) recent transactions",
                accessibleLabel:
                    "\(child.firstName) \(child.lastName), Balance: \(child.currentBalance.formatted), Weekly allowance: \(child.weeklyAllowance.formatted)",
                learning: glances[child.childId] ?? "")
        }
        return try await req.render(
            "parent-dashboard", "Dashboard", section: "dashboard",
            ParentPage(
                familyName: data.familyName, totalBalance: data.totalBalance.formatted,
                totalWeeklyAllowance: data.totalWeeklyAllowance.formatted,
                childCount: data.childCount, children: cards, updatedAt: calendar.displayTime(req.now)))
    }

    /// The signed-in child's own page; `error` when a quick-add from it was refused, with the
    /// amount the child typed, if any.
    static func childDashboard(_ req: Request, error: String? = nil, status: HTTPStatus = .ok, typed: QuickAdd.Typed? = nil)
        async throws -> Response
    {
        let user = try req.requireUser()
        let child = try await req.signedInChild()
        let data = try await DashboardService.child(child, in: req.context)
        let schedules = try await RecurringStore.list(familyID: user.familyID, childID: child.id, on: req.sql)
            .map(\.dto).filter(\.isActive)
        return try await req.render(
            "child-dashboard", "My Money", section: "dashboard",
            ChildPage(
                childId: data.childId, firstName: data.firstName,
                avatar: Avatar(id: child.id, firstName: child.firstName, lastName: child.lastName), balance: MoneyText(data.currentBalance),
                weeklyAllowance: data.weeklyAllowance.formatted,
                nextPayment: data.nextAllowanceText, nextPaymentDate: data.nextAllowanceDate.map(child.calendar.displayDate) ?? "",
                paydaySoon: data.nextAllowanceDate != nil && data.daysUntilNextAllowance <= 1,
                earned: data.monthlyStats.totalEarned.formatted,
                spent: data.monthlyStats.totalSpent.formatted, saved: data.monthlyStats.totalSaved.formatted,
                net: data.monthlyStats.netChange.signedFormatted, netPositive: !data.monthlyStats.netChange.isNegative,
                recent: try await TransactionRow.html(data.recentTransactions, calendar: child.calendar, on: req),
                goals: try await GoalPages.GoalRow.html(
                    try await SavingsGoalService.list(
                        child: child, status: nil, includeCompleted: false, milestones: false, in: req.context), on: req),
                learning: try await LearningGlance.of(child, in: req.context),
                quickAdd: try await QuickAdd(
                    child: child, templates: try await TemplateService.list(for: user, withUsage: false, in: req.context), isParent: false,
                    from: "dashboard", typed: typed
                ).html(on: req),
                recurring: Array(RecurringPages.items(schedules, calendar: child.calendar, children: [child]).prefix(3)),
                recurringCount: schedules.count,
                updatedAt: child.calendar.displayTime(req.now), error: error),
            status: status)
    }
}
