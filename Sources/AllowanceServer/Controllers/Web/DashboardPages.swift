import AllowanceAPI
import AllowanceCore
import Vapor

/// `/dashboard`: the family overview for a parent, the piggy bank for a child.
struct DashboardPages: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("dashboard", use: dashboard)
    }

    struct ChildCard: Encodable {
        let id: UUID
        let name: String
        let initial: String
        let balance: MoneyText
        let weeklyAllowance: String
        /// "1 recent transaction", "3 recent transactions".
        let recentText: String
        /// "Kai Demo, Balance: $100.00, Weekly allowance: $10.00" (app-screens.md 8.1).
        let accessibleLabel: String
    }

    struct ParentPage: Encodable {
        let familyName: String
        let totalBalance: String
        let totalWeeklyAllowance: String
        let childCount: Int
        let children: [ChildCard]
    }

    struct ChildPage: Encodable {
        let childId: UUID
        let firstName: String
        let balance: MoneyText
        let weeklyAllowance: String
        let nextPayment: String
        let nextPaymentDate: String
        let paydaySoon: Bool
        let earned: String
        let spent: String
        let net: String
        let netPositive: Bool
        let recent: [TransactionRow]
        let goals: [GoalPages.GoalRow]
    }

    @Sendable func dashboard(req: Request) async throws -> Response {
        let user = try req.requireUser()
        if user.isParent {
            let data = try await DashboardService.parent(user, on: req)
            let cards = data.children.map { child in
                ChildCard(
                    id: child.childId, name: "\(child.firstName) \(child.lastName)", initial: String(child.firstName.prefix(1)),
                    balance: MoneyText(child.currentBalance), weeklyAllowance: child.weeklyAllowance.formatted,
                    recentText: child.recentTransactionCount == 1 ? "1 recent transaction" : "\(child.recentTransactionCount) recent transactions",
                    accessibleLabel: "\(child.firstName) \(child.lastName), Balance: \(child.currentBalance.formatted), Weekly allowance: \(child.weeklyAllowance.formatted)")
            }
            return try await req.render("parent-dashboard", "Dashboard", section: "dashboard", ParentPage(
                familyName: data.familyName, totalBalance: data.totalBalance.formatted, totalWeeklyAllowance: data.totalWeeklyAllowance.formatted,
                childCount: data.childCount, children: cards))
        }
        let data = try await DashboardService.child(user, on: req)
        let child = try await req.visibleChild(data.childId)
        return try await req.render("child-dashboard", "My Money", section: "dashboard", ChildPage(
            childId: data.childId, firstName: data.firstName, balance: MoneyText(data.currentBalance), weeklyAllowance: data.weeklyAllowance.formatted,
            nextPayment: data.nextAllowanceText, nextPaymentDate: child.calendar.displayDate(data.nextAllowanceDate),
            paydaySoon: data.daysUntilNextAllowance <= 1, earned: data.monthlyStats.totalEarned.formatted, spent: data.monthlyStats.totalSpent.formatted,
            net: data.monthlyStats.netChange.signedFormatted, netPositive: !data.monthlyStats.netChange.isNegative,
            recent: data.recentTransactions.map { TransactionRow($0, calendar: child.calendar) },
            goals: try await SavingsGoalService.list(child: child, status: nil, includeCompleted: false, on: req).map(GoalPages.row)))
    }
}

/// One ledger row as lists show it.
struct TransactionRow: Encodable {
    let id: UUID
    let description: String
    let note: String?
    let when: String
    let amount: String
    let isCredit: Bool
    let balanceAfter: String
    let createdByName: String?

    init(_ entry: TransactionResponse, calendar: FamilyCalendar) {
        id = entry.id
        description = entry.description
        note = entry.notes
        when = calendar.displayDateTime(entry.createdAt)
        amount = (entry.type == .credit ? "+" : "-") + entry.amount.formatted
        isCredit = entry.type == .credit
        balanceAfter = entry.balanceAfter.formatted
        createdByName = entry.createdByName
    }
}
