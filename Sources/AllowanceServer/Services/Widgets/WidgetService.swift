import AllowanceAPI
import AllowanceCore
import Foundation
import SQLKit
import Vapor

/// Data for home-screen widgets and voice assistants (the Quick Actions document). Reads cached
/// balances and the per-day totals only, so a widget refresh costs the same for any ledger.
enum WidgetService {
    static func balance(_ child: ChildRecord, in context: ServiceContext) async throws -> BalanceWidgetDataDto {
        let sql = context.sql
        let now = context.now
        let change = try await changeToday(child, now: now, on: sql)
        return BalanceWidgetDataDto(
            childId: child.id, childName: child.firstName, avatarUrl: nil, currentBalance: child.balance,
            savingsBalance: try await savingsBalance(childID: child.id, on: sql),
            balanceChangeToday: QuickActionRules.balanceChangeText(change),
            lastUpdated: now)
    }

    /// The templates the viewer can use for this child, most used first, and the balance.
    static func quickActions(_ child: ChildRecord, for user: AuthUser, in context: ServiceContext) async throws -> QuickActionsWidgetDataDto
    {
        let rows = try await TemplateService.rows(forFamily: child.familyID, withUsage: true, on: context.sql)
            .filter { user.isParent || $0.transactionType == .debit }
        // Stable: equal counts keep the templates' own order.
        let ordered = rows.enumerated().sorted { a, b in
            let (countA, countB) = (a.element.usage_count ?? 0, b.element.usage_count ?? 0)
            return countA != countB ? countA > countB : a.offset < b.offset
        }.map(\.element.dto)
        return QuickActionsWidgetDataDto(templates: ordered, currentBalance: child.balance)
    }

    static func familyBalances(_ parent: AuthUser, in context: ServiceContext) async throws -> MultiChildWidgetDataDto {
        let children = try await FamilyDirectory.children(ofFamily: parent.familyID, on: context.sql)
        return MultiChildWidgetDataDto(
            children: children.map {
                ChildBalanceSummaryDto(childId: $0.id, name: $0.firstName, avatarUrl: nil, balance: $0.balance)
            })
    }

    /// "Kai has $42.50. That's $5.00 more than yesterday." A child asking hears "You have ...".
    static func siriBalance(_ child: ChildRecord, for user: AuthUser, in context: ServiceContext) async throws -> SiriBalanceResponseDto {
        let change = try await changeToday(child, now: context.now, on: context.sql)
        let name = user.childID == child.id ? nil : child.firstName
        return SiriBalanceResponseDto(
            spokenResponse: QuickActionRules.spokenBalance(name: name, balance: child.balance, changeToday: change), balance: child.balance)
    }

    /// The goal-progress widget, from the same view of the goal as the goal endpoints.
    static func goal(_ access: GoalAccess, in context: ServiceContext) async throws -> GoalWidgetDataDto {
        let goal = try await SavingsGoalService.show(access, in: context)
        return GoalWidgetDataDto(
            goalId: goal.id, goalName: goal.name, imageUrl: goal.imageUrl, currentAmount: goal.currentAmount,
            targetAmount: goal.targetAmount,
            progressPercentage: goal.progressPercentage, remainingAmount: goal.remainingAmount, daysRemaining: goal.daysRemaining)
    }

    static func siriGoalProgress(_ access: GoalAccess, in context: ServiceContext) async throws -> SiriGoalProgressResponseDto {
        let goal = try await SavingsGoalService.show(access, in: context)
        let name = access.user.childID == access.child.id ? nil : access.child.firstName
        let reached = goal.status == .completed || goal.status == .purchased
        return SiriGoalProgressResponseDto(
            spokenResponse: QuickActionRules.spokenGoalProgress(
                name: name, goal: goal.name, percent: goal.progressPercentage, remaining: goal.remainingAmount, isReached: reached),
            goalName: goal.name, progressPercentage: goal.progressPercentage, remainingAmount: goal.remainingAmount)
    }

    /// Money in minus money out on the family's today.
    private static func changeToday(_ child: ChildRecord, now: Date, on sql: SQLDatabase) async throws -> Money {
        struct Row: Decodable {
            let credits_cents: Int64
            let debits_cents: Int64
        }
        let row = try await sql.raw(
            """
            SELECT credits_cents, debits_cents FROM child_daily_totals WHERE child_id = \(bind: child.id) AND day = \(bind: child.calendar.dayKey(now))
            """
        ).first(decoding: Row.self)
        return Money(cents: (row?.credits_cents ?? 0) - (row?.debits_cents ?? 0))
    }
}
