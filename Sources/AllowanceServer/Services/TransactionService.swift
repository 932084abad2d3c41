import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// A parent records money in or out for a child: validated, posted, and told to the people
/// who asked to hear about it, all in one transaction.
enum TransactionService {
    static func create(
        _ input: CreateTransactionRequest, for child: ChildRecord, by parent: AuthUser, in context: ServiceContext
    ) async throws -> TransactionResponse {
        let amount = try InputRules.positiveAmount(input.amount)
        let description = try InputRules.required(input.description, "Description", max: InputRules.descriptionLength)
        let category = try InputRules.optional(input.category, "Category", max: InputRules.categoryLength)
        let notes = try InputRules.optional(input.notes, "Notes", max: InputRules.notesLength)
        let posting = LedgerPosting(
            childID: child.id, type: input.type, amount: amount, description: description, category: category, notes: notes,
            createdBy: parent.userID, at: context.now)
        var entry = try await context.write(family: child.familyID) { db in
            let entry = try await LedgerService.post(posting, calendar: child.calendar, on: db)
            try await tell(about: entry, child: child, previousBalance: entry.balanceAfter - input.type.signed(amount), on: db)
            return entry
        }
        entry.createdByName = parent.fullName
        return entry
    }

    /// The child hears of money moved for them; parents hear when a debit crosses their
    /// low-balance threshold (only on the crossing, not on every debit below it).
    static func tell(about entry: TransactionResponse, child: ChildRecord, previousBalance: Money, on db: Database) async throws {
        let verb = entry.type == .credit ? "received" : "spent"
        try await NotificationService.notify(
            child.userID, type: .transaction, title: "You \(verb) \(entry.amount.formatted)",
            message: "\(entry.description). Your balance is now \(entry.balanceAfter.formatted).", childID: child.id, at: entry.createdAt,
            on: db)
        guard entry.type == .debit else { return }
        for (parentID, threshold) in try await NotificationService.lowBalanceThresholds(ofParentsIn: child.familyID, on: db.sql) {
            guard entry.balanceAfter < threshold, previousBalance >= threshold else { continue }
            try await NotificationService.notify(
                parentID, type: .lowBalance, title: "\(child.firstName)'s balance is low",
                message:
                    "\(child.firstName) has \(entry.balanceAfter.formatted) after \"\(entry.description)\" (below your \(threshold.formatted) alert).",
                childID: child.id, at: entry.createdAt, on: db)
        }
    }
}
