import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// `POST /templates/{id}/use`: one tap posts a transaction from a template.
enum TemplateUseService {
    /// Who may use which template for whom is settled before (`Request.templateToUse`).
    static func use(
        _ template: TemplateService.Row, for child: ChildRecord, _ input: UseTemplateDto, by user: AuthUser, in context: ServiceContext
    ) async throws -> TransactionResponse {
        let override = try input.amount.map { try InputRules.positiveAmount($0) }
        guard
            let amount = QuickActionRules.templateAmount(
                override: override, defaultAmount: template.default_amount_cents.map(Money.init(cents:)))
        else {
            throw AppError.unprocessable("Amount is required: \(template.name) has no default amount")
        }
        let description =
            try InputRules.optional(input.description, "Description", max: InputRules.descriptionLength)
            ?? template.description_template ?? template.name
        let posting = LedgerPosting(
            childID: child.id, type: template.transactionType, amount: amount, description: description, category: template.category,
            createdBy: user.userID, at: context.now)
        var entry = try await TransactionService.post(
            posting, for: child, countingUse: Use(templateID: template.id, familyID: user.familyID), in: context)
        entry.createdByName = user.fullName
        return entry
    }

    /// A template used by a family: its count goes up by one with the posting it made.
    struct Use: Hashable, Sendable {
        let templateID: UUID
        let familyID: UUID
    }

    /// Counts `uses` (a group of postings counts all of its own with one statement).
    static func count(_ uses: [Use], on sql: any SQLDatabase) async throws {
        guard let counts = counting(uses, on: sql) else { return }
        try await sql.raw(counts).run()
    }

    /// The statement that counts `uses`; nil for none.
    static func counting(_ uses: [Use], on sql: any SQLDatabase) -> SQLQueryString? {
        // One row for each template and family with its number of uses: a statement may
        // change a row only once.
        let counted = Array(Dictionary(uses.map { ($0, Int64(1)) }, uniquingKeysWith: +))
        guard !counted.isEmpty else { return nil }
        let rows = SQLRows(.ids(counted.map(\.key.templateID)), .ids(counted.map(\.key.familyID)), .integers(counted.map(\.value)))
        let counts: SQLQueryString =
            "INSERT INTO template_usage (template_id, family_id, usage_count) SELECT v.column1, v.column2, v.column3 FROM "
        let added: SQLQueryString =
            " WHERE true ON CONFLICT (template_id, family_id) DO UPDATE SET usage_count = template_usage.usage_count + excluded.usage_count"
        return counts + rows.table(on: sql) + added
    }
}
