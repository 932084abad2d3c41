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
        var entry = try await context.write(family: child.familyID) { db in
            let entry = try await LedgerService.post(posting, calendar: child.calendar, on: db)
            try await TransactionService.tell(
                about: entry, child: child, previousBalance: entry.balanceAfter - posting.type.signed(amount), on: db)
            try await db.sql.raw(
                """
                INSERT INTO template_usage (template_id, family_id, usage_count) VALUES (\(bind: template.id), \(bind: user.familyID), 1)
                ON CONFLICT (template_id, family_id) DO UPDATE SET usage_count = template_usage.usage_count + 1
                """
            ).run()
            return entry
        }
        entry.createdByName = user.fullName
        return entry
    }
}
