import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// `POST /templates/{id}/use`: one tap posts a transaction from a template.
enum TemplateUseService {
    /// A parent may use any template for a child of the family; a child may use one for
    /// themselves to record their own spending (a debit) — adding money stays with parents.
    static func use(_ id: UUID, _ input: UseTemplateDto, by user: AuthUser, on req: Request) async throws -> TransactionResponse {
        guard let template = try await TemplateService.rows(forFamily: user.familyID, templateID: id, on: req.db()).first else {
            throw AppError.notFound("Template")
        }
        let child = try await req.visibleChild(input.childId)
        if !user.isParent && template.transactionType == .credit {
            throw AppError(.forbidden, "parent_only", "Only a parent can add money")
        }
        let override = try input.amount.map { try InputRules.positiveAmount($0) }
        guard let amount = QuickActionRules.templateAmount(override: override, defaultAmount: template.default_amount_cents.map(Money.init(cents:))) else {
            throw AppError.validation("Amount is required: \(template.name) has no default amount")
        }
        let description = try InputRules.optional(input.description, "Description", max: InputRules.descriptionLength)
            ?? template.description_template ?? template.name
        let posting = LedgerPosting(
            childID: child.id, type: template.transactionType, amount: amount, description: description, category: template.category,
            createdBy: user.userID, at: req.now)
        var entry = try await req.db.writeTransaction { db in
            let entry = try await LedgerService.post(posting, calendar: child.calendar, on: db)
            try await TransactionService.tell(about: entry, child: child, previousBalance: entry.balanceAfter - posting.type.signed(amount), on: db)
            try await (db as! SQLDatabase).raw("""
                INSERT INTO template_usage (template_id, family_id, usage_count) VALUES (\(bind: id), \(bind: user.familyID), 1)
                ON CONFLICT (template_id, family_id) DO UPDATE SET usage_count = template_usage.usage_count + 1
                """).run()
            return entry
        }
        entry.createdByName = user.fullName
        return entry
    }
}
