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
        var entry = try await post(try posting(input, for: child.id, by: parent, at: context.now), for: child, in: context)
        entry.createdByName = parent.fullName
        return entry
    }

    /// `create` for the child `input` names, as `POST /transactions` names it. For a parent on
    /// PostgreSQL, outside a transaction, the posting group reads the child with the update of
    /// its balance (no round trip of its own, where each request's read was one) and refuses one
    /// outside the parent's family as not found (`PostingGroups.post(_:forChildOf:countingUse:in:)`);
    /// otherwise `readChild` reads the child first (and refuses a child's own login), as a
    /// request alone does.
    static func create(
        _ input: CreateTransactionRequest, by parent: AuthUser, in context: ServiceContext,
        readChild: () async throws -> ChildRecord
    ) async throws -> TransactionResponse {
        guard parent.isParent, let groups = context.postingGroups else {
            return try await create(input, for: try await readChild(), by: parent, in: context)
        }
        let posting = try posting(input, for: input.childId, by: parent, at: context.now)
        var entry = try await groups.post(posting, forChildOf: parent.familyID, in: context)
        entry.createdByName = parent.fullName
        return entry
    }

    /// The entry a parent's input asks for, checked.
    private static func posting(_ input: CreateTransactionRequest, for childID: UUID, by parent: AuthUser, at now: Date) throws
        -> LedgerPosting
    {
        let amount = try InputRules.positiveAmount(input.amount)
        let description = try InputRules.required(input.description, "Description", max: InputRules.descriptionLength)
        let category = try InputRules.optional(input.category, "Category", max: InputRules.categoryLength)
        let notes = try InputRules.optional(input.notes, "Notes", max: InputRules.notesLength)
        return LedgerPosting(
            childID: childID, type: input.type, amount: amount, description: description, category: category, notes: notes,
            createdBy: parent.userID, at: now)
    }

    /// Posts an entry (and counts the template's use that made it) and tells those who asked
    /// to hear of it: on PostgreSQL in the next posting group (`PostingGroups`), unless the
    /// request is in a transaction already (it has an `Idempotency-Key`); otherwise in a
    /// write of its own.
    static func post(
        _ posting: LedgerPosting, for child: ChildRecord, countingUse use: TemplateUseService.Use? = nil, in context: ServiceContext
    ) async throws -> TransactionResponse {
        if let groups = context.postingGroups {
            return try await groups.post(posting, forChildOf: child.familyID, countingUse: use, in: context)
        }
        return try await context.write(family: child.familyID) { db in try await post(posting, for: child, countingUse: use, on: db) }
    }

    /// `post(_:for:countingUse:in:)` inside the caller's transaction.
    static func post(
        _ posting: LedgerPosting, for child: ChildRecord, countingUse use: TemplateUseService.Use? = nil, on db: Database
    ) async throws -> TransactionResponse {
        let entry = try await LedgerService.post(posting, calendar: child.calendar, on: db)
        try await tell(about: entry, child: child, previousBalance: entry.balanceAfter - posting.type.signed(posting.amount), on: db)
        if let use { try await TemplateUseService.count([use], on: db.sql) }
        return entry
    }

    /// The child hears of money moved for them; parents hear when a debit crosses their
    /// low-balance threshold (only on the crossing, not on every debit below it).
    static func tell(about entry: TransactionResponse, child: ChildRecord, previousBalance: Money, on db: Database) async throws {
        let thresholds =
            entry.type == .debit ? try await NotificationService.lowBalanceThresholds(ofParentsIn: child.familyID, on: db.sql) : []
        for row in notifications(about: entry, child: child, previousBalance: previousBalance, thresholds: thresholds) {
            try await NotificationService.notify(row, on: db)
        }
    }

    /// What `tell` stores, given the family's parents with their low-balance thresholds (read
    /// only for a debit). A group of postings (`PostingGroups`) stores its entries' together.
    static func notifications(about entry: TransactionResponse, child: ChildRecord, previousBalance: Money, thresholds: [(UUID, Money)])
        -> [NotificationBatch.Row]
    {
        let verb = entry.type == .credit ? "received" : "spent"
        var rows = [
            NotificationBatch.Row(
                child.userID, type: .transaction, title: "You \(verb) \(entry.amount.formatted)",
                message: "\(entry.description). Your balance is now \(entry.balanceAfter.formatted).", childID: child.id,
                at: entry.createdAt)
        ]
        guard entry.type == .debit else { return rows }
        for (parentID, threshold) in thresholds where entry.balanceAfter < threshold && previousBalance >= threshold {
            rows.append(
                NotificationBatch.Row(
                    parentID, type: .lowBalance, title: "\(child.firstName)'s balance is low",
                    message:
                        "\(child.firstName) has \(entry.balanceAfter.formatted) after \"\(entry.description)\" (below your \(threshold.formatted) alert).",
                    childID: child.id, at: entry.createdAt))
        }
        return rows
    }
}
