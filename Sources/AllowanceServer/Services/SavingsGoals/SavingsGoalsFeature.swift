import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// Wires savings goals into the server's background work: auto-transfers on payday, and
/// the job that fails challenges whose end has passed.
enum SavingsGoalsFeature {
    static func register(_ app: Application) {
        app.paydayHooks.register { context, db in
            guard let child = try await FamilyDirectory.child(context.childID, inFamily: context.familyID, on: db as! SQLDatabase) else { return }
            try await AutoTransferService.processAutoTransfers(child: child, allowance: context.allowance, at: context.paidAt, on: db)
        }
        app.jobs.register(challengeExpiry)
    }

    /// Marks overdue Active challenges Failed, exactly once each, and tells the child and parents.
    static let challengeExpiry = ScheduledJob(name: "challenge-expiry") { app, now in
        try await ChallengeOutcomes.failOverdue(at: now, on: app.db)
    }
}
