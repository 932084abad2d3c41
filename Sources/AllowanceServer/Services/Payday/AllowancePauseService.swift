import AllowanceAPI
import Foundation
import SQLKit
import Vapor

/// Pausing and resuming a child's allowance. Paydays while paused are skipped for good.
enum AllowancePauseService {
    /// Pays any week that fell due before the pause (the scheduler may not have run yet),
    /// then pauses.
    static func pause(_ child: ChildRecord, on req: Request) async throws -> ChildResponse {
        let hooks = req.application.paydayHooks.all
        let now = req.now
        try await req.db.writeTransaction { db in
            try await PaydayService.settle(childID: child.id, hooks: hooks, now: now, on: db)
            try await (db as! SQLDatabase).raw("UPDATE children SET allowance_paused = \(bind: true) WHERE id = \(bind: child.id)").run()
        }
        return try await reload(child, on: req)
    }

    /// Resumes from now: the next payday after this moment is the first one paid. Resuming a
    /// running allowance changes nothing.
    static func resume(_ child: ChildRecord, on req: Request) async throws -> ChildResponse {
        let now = req.now
        try await req.db.writeTransaction { db in
            try await (db as! SQLDatabase).raw("""
                UPDATE children SET allowance_paused = \(bind: false), allowance_resumed_at = \(bind: now)
                WHERE id = \(bind: child.id) AND allowance_paused = \(bind: true)
                """).run()
        }
        return try await reload(child, on: req)
    }

    private static func reload(_ child: ChildRecord, on req: Request) async throws -> ChildResponse {
        guard let updated = try await FamilyDirectory.child(child.id, inFamily: child.familyID, on: req.db()) else { throw AppError.notFound("Child") }
        return updated.response(now: req.now)
    }
}
