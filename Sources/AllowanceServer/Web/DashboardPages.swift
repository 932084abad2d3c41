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
        if user.isParent {
            let data = try await DashboardService.parent(user, in: req.context)
            var glances: [UUID: String] = [:]
            for child in data.children {
                if let record = try await FamilyDirectory.child(child.childId, inFamily: user.familyID, on: req.db.sql) {
                    glances[child.childId] = try await LearningGlance.of(record, in: req.context).text
                }
            }
            let cards = data.children.map { child in
                ChildCard(
                    id: child.childId, name: "\(child.firstName) \(child.lastName)", initial: String(child.firstName.prefix(1)),
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
                    childCount: data.childCount, children: cards))
        }
        let data = try await DashboardService.child(user, in: req.context)
        let child = try await req.visibleChild(data.childId)
        return try await req.render(
            "child-dashboard", "My Money", section: "dashboard",
            ChildPage(
                childId: data.childId, firstName: data.firstName, balance: MoneyText(data.currentBalance),
                weeklyAllowance: data.weeklyAllowance.formatted,
                nextPayment: data.nextAllowanceText, nextPaymentDate: child.calendar.displayDate(data.nextAllowanceDate),
                paydaySoon: data.daysUntilNextAllowance <= 1, earned: data.monthlyStats.totalEarned.formatted,
                spent: data.monthlyStats.totalSpent.formatted, saved: data.monthlyStats.totalSaved.formatted,
                net: data.monthlyStats.netChange.signedFormatted, netPositive: !data.monthlyStats.netChange.isNegative,
                recent: data.recentTransactions.map { TransactionRow($0, calendar: child.calendar) },
                goals: try await SavingsGoalService.list(child: child, status: nil, includeCompleted: false, in: req.context).map(
                    GoalPages.row),
                learning: try await LearningGlance.of(child, in: req.context)))
    }
}
