import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// A child's account settings: names, weekly allowance, allowance day, removal.
enum ChildService {
    static func update(_ child: ChildRecord, with input: UpdateChildRequest, in context: ServiceContext) async throws -> ChildResponse {
        let firstName = try input.firstName.map { try InputRules.required($0, "First name") }
        let lastName = try input.lastName.map { try InputRules.required($0, "Last name") }
        let allowance = try input.weeklyAllowance.map { try InputRules.nonNegativeAmount($0, "Weekly allowance") }
        try await context.write { db in
            if firstName != nil || lastName != nil, let user = try await User.find(child.userID, on: db) {
                if let firstName { user.firstName = firstName }
                if let lastName { user.lastName = lastName }
                try await user.save(on: db)
            }
            if allowance != nil || input.allowanceDay != nil, let stored = try await Child.find(child.id, on: db) {
                if let allowance {
                    // Weeks without an allowance are not owed once one is set: paydays are owed
                    // from now on, as after a pause, not since the last one paid (or the child was added).
                    if stored.weeklyAllowanceCents == 0 && allowance.cents > 0 { stored.allowanceResumedAt = context.now }
                    stored.weeklyAllowanceCents = allowance.cents
                }
                if let day = input.allowanceDay { stored.allowanceDay = day.rawValue }
                try await stored.save(on: db)
            }
        }
        guard let updated = try await FamilyDirectory.child(child.id, inFamily: child.familyID, on: context.sql) else {
            throw AppError.notFound("Child")
        }
        return updated.response(now: context.now)
    }

    /// Removes the child's login, account, ledger and savings goals together (the piggy bank's "delete tally").
    static func delete(_ child: ChildRecord, in context: ServiceContext) async throws {
        try await context.write { db in
            let sql = db.sql
            // Explicit, so the result does not depend on the engine's foreign-key settings.
            try await sql.raw("DELETE FROM recurring_approvals WHERE child_id = \(bind: child.id)").run()
            try await sql.raw("DELETE FROM recurring_transactions WHERE child_id = \(bind: child.id)").run()
            try await sql.raw("DELETE FROM occurrences WHERE subject_id = \(bind: child.id)").run()
            try await SavingsGoalsCleanup.deleteGoals(ofChild: child.id, on: sql)
            try await sql.raw("DELETE FROM transactions WHERE child_id = \(bind: child.id)").run()
            try await sql.raw("DELETE FROM child_daily_totals WHERE child_id = \(bind: child.id)").run()
            try await sql.raw("DELETE FROM children WHERE id = \(bind: child.id)").run()
            try await sql.raw("DELETE FROM sessions WHERE user_id = \(bind: child.userID)").run()
            try await sql.raw("DELETE FROM notifications WHERE user_id = \(bind: child.userID)").run()
            try await sql.raw("DELETE FROM notification_preferences WHERE id = \(bind: child.userID)").run()
            try await sql.raw("DELETE FROM idempotency_keys WHERE user_id = \(bind: child.userID)").run()
            try await sql.raw("DELETE FROM widget_configurations WHERE user_id = \(bind: child.userID)").run()
            try await sql.raw("DELETE FROM users WHERE id = \(bind: child.userID)").run()
        }
    }
}
