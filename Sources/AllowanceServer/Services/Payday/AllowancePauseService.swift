import AllowanceAPI
import Foundation
import SQLKit
import Vapor

/// Pausing and resuming a child's allowance. Paydays while paused are skipped for good.
enum AllowancePauseService {
    /// Pays any week that fell due before the pause (the scheduler may not have run yet),
    /// then pauses.
    static func pause(_ child: ChildRecord, in context: ServiceContext) async throws -> ChildResponse {
        let hooks = context.application.paydayHooks.all
        try await context.write { db in
            try await PaydayService.settle(childID: child.id, hooks: hooks, in: context.within(db))
            try await db.sql.raw("UPDATE children SET allowance_paused = \(bind: true) WHERE id = \(bind: child.id)").run()
        }
        return try await reload(child, in: context)
    }

    /// Resumes from now: the next payday after this moment is the first one paid. Resuming a
    /// running allowance changes nothing.
    static func resume(_ child: ChildRecord, in context: ServiceContext) async throws -> ChildResponse {
        let now = context.now
        try await context.write { db in
            try await db.sql.raw(
                """
                UPDATE children SET allowance_paused = \(bind: false), allowance_resumed_at = \(bind: now)
                WHERE id = \(bind: child.id) AND allowance_paused = \(bind: true)
                """
            ).run()
        }
        return try await reload(child, in: context)
    }

    private static func reload(_ child: ChildRecord, in context: ServiceContext) async throws -> ChildResponse {
        guard let updated = try await FamilyDirectory.child(child.id, inFamily: child.familyID, on: context.sql) else {
            throw AppError.notFound("Child")
        }
        return updated.response(now: context.now)
    }
}
