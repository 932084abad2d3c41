import AllowanceAPI
import Foundation
import Vapor

extension Request {
    /// A template the family can use (a global one or the family's own), with the child it is
    /// used for. A parent may use any for a child of the family; a child may use one for
    /// themselves to record their own spending: adding money stays with parents.
    func templateToUse(_ id: UUID, forChild childID: UUID) async throws -> (
        user: AuthUser, template: TemplateService.Row, child: ChildRecord
    ) {
        let user = try requireUser()
        guard
            let template = try await TemplateService.rows(forFamily: user.familyID, templateID: id, withUsage: false, on: context.sql).first
        else {
            throw AppError.notFound("Template")
        }
        let child = try await visibleChild(childID)
        if !user.isParent && template.transactionType == .credit {
            throw AppError.parentOnly(to: "add money")
        }
        return (user, template, child)
    }

    /// The documents' "template creator": another family's (or a retired) template is not
    /// found; a global one, or one another parent made, is not yours to change.
    func templateForCreator(_ id: UUID) async throws -> TransactionTemplate {
        let user = try requireUser()
        guard let template = try await TransactionTemplate.find(id, on: context.db), template.isActive,
            template.isGlobal || template.familyID == user.familyID
        else { throw AppError.notFound("Template") }
        if template.isGlobal { throw AppError(.forbidden, .globalTemplate, "Global templates cannot be changed") }
        try user.requireParent()
        guard template.createdBy == user.userID else {
            throw AppError(.forbidden, .notTemplateCreator, "Only the parent who created this template can change it")
        }
        return template
    }
}
