import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// Allowance-day transfers into goals, run by the payday job right after the allowance is
/// credited, inside the payday's transaction (registered as a payday hook in
/// `SavingsGoalsFeature`).
enum AutoTransferService {
    /// Moves each Active goal's share of `allowance` into it, in priority order, never more
    /// in total than the allowance (nor than the balance holds). Each transfer is a deposit
    /// like a contribution: matched, counted by challenges, reaching milestones. Returns
    /// what moved where.
    @discardableResult
    static func processAutoTransfers(
        child: ChildRecord, allowance: Money, at now: Date, in context: ServiceContext
    ) async throws -> [AutoTransferPlan.Transfer] {
        try await context.write { db in
            let goals = try await GoalStore.lockAutoTransferGoals(ofChild: child.id, on: db)
            guard !goals.isEmpty else { return [] }
            guard let fresh = try await FamilyDirectory.child(child.id, inFamily: child.familyID, on: db.sql) else { return [] }
            let plan = AutoTransferPlan.transfers(
                allowance: min(allowance, fresh.balance),
                goals: goals.map {
                    AutoTransferPlan.Goal(
                        id: $0.id, setting: AutoTransferSetting(type: $0.autoTransferType, amount: $0.autoTransferAmount),
                        status: $0.status, priority: $0.priority,
                        createdAt: $0.createdAt, remaining: $0.progress.remaining)
                })
            let byID = Dictionary(uniqueKeysWithValues: goals.map { ($0.id, $0) })
            for transfer in plan {
                guard let goal = byID[transfer.goalID] else { continue }
                _ = try await GoalMoneyService.deposit(
                    transfer.amount, type: .autoTransfer, description: "Auto-transfer from allowance", into: goal, child: fresh, by: nil,
                    at: now, on: db)
            }
            return plan
        }
    }

    /// Which of `children` have a goal that takes part of each allowance.
    @Sendable static func childrenWithAutoTransfers(_ children: [UUID], on sql: any SQLDatabase) async throws -> Set<UUID> {
        struct Row: Decodable { let child_id: UUID }
        let rows = try await sql.raw(
            "SELECT DISTINCT child_id FROM savings_goals WHERE auto_transfer_type <> \(bind: AutoTransferType.none.rawValue) AND child_id"
                + .isOneOf(children, on: sql)
        ).all(decoding: Row.self)
        return Set(rows.map(\.child_id))
    }
}
