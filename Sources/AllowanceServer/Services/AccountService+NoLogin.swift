import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// Children without a login: the piggy bank's tally for a young child who will never sign in,
/// added by name only, and given an email and password later if they grow into one.
extension AccountService {
    static func createChild(_ input: CreateChildDto, by parent: AuthUser, in context: ServiceContext) async throws -> ChildResponse {
        let firstName = try InputRules.required(input.firstName, "First name")
        let lastName = try InputRules.optional(input.lastName, "Last name", max: InputRules.nameLength) ?? parent.lastName
        let allowance = try InputRules.nonNegativeAmount(input.weeklyAllowance ?? .zero, "Weekly allowance")
        let opening = try InputRules.nonNegativeAmount(input.initialBalance ?? .zero, "Initial balance")
        let childID = try await createChild(
            familyID: parent.familyID, email: nil, passwordHash: "", firstName: firstName, lastName: lastName, allowance: allowance,
            day: input.allowanceDay ?? .saturday, opening: opening, createdBy: parent.userID, in: context)
        guard let record = try await FamilyDirectory.child(childID, inFamily: parent.familyID, on: context.sql) else {
            throw AppError.notFound("Child")
        }
        return record.response(now: context.now)
    }

    /// Gives a child without a login an email and password. A child who has one keeps it: that
    /// is changed by the child, or the login is removed with the child.
    static func giveLogin(_ input: ChildLoginDto, to child: ChildRecord, in context: ServiceContext) async throws -> ChildResponse {
        if let email = child.email {
            throw AppError(.conflict, .loginExists, "\(child.firstName) already signs in as \(email)")
        }
        let email = try InputRules.email(input.email)
        let password = try InputRules.newPassword(input.password)
        let hash = try await context.password.hash(password)
        try await context.write { db in
            try await ensureEmailFree(email, on: db)
            // Only a placeholder is replaced, so two parents giving a login at once cannot both win.
            struct Changed: Decodable { let id: UUID }
            let changed = try await db.sql.raw(
                """
                UPDATE users SET email = \(bind: email), password_hash = \(bind: hash)
                WHERE id = \(bind: child.userID) AND email = \(bind: User.noLoginEmail(for: child.userID))
                RETURNING id
                """
            ).first(decoding: Changed.self)
            guard changed != nil else { throw AppError(.conflict, .loginExists, "\(child.firstName) already has a login") }
        }
        guard let record = try await FamilyDirectory.child(child.id, inFamily: child.familyID, on: context.sql) else {
            throw AppError.notFound("Child")
        }
        return record.response(now: context.now)
    }
}
