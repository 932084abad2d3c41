import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// Wires savings goals into the server's background work: auto-transfers on payday, and
/// the job that fails challenges whose end has passed.
enum SavingsGoalsFeature {
    static func register(_ app: Application) {
        app.paydayHooks.register(concerns: AutoTransferService.childrenWithAutoTransfers) { payday, context in
            guard let child = try await FamilyDirectory.child(payday.childID, inFamily: payday.familyID, on: context.sql) else { return }
            try await AutoTransferService.processAutoTransfers(child: child, allowance: payday.allowance, at: payday.paidAt, in: context)
        }
        app.jobs.register(challengeExpiry)
    }

    /// Marks overdue Active challenges Failed, exactly once each, and tells the child and parents.
    static let challengeExpiry = ScheduledJob(name: "challenge-expiry") { context in
        try await ChallengeOutcomes.failOverdue(in: context)
    }
}
