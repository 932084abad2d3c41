import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit
import Vapor

/// Families, logins and sessions.
enum AccountService {
    /// A new family and its first parent. Each well-formed attempt counts against the client
    /// address's registration limit, taken or not, so the limit also bounds probing for emails.
    static func registerParent(_ input: RegisterParentRequest, from address: String, in context: ServiceContext) async throws
        -> AuthResponse
    {
        let email = try InputRules.email(input.email)
        let password = try InputRules.newPassword(input.password)
        let firstName = try InputRules.required(input.firstName, "First name")
        let lastName = try InputRules.required(input.lastName, "Last name")
        let familyName = try InputRules.required(input.familyName, "Family name", max: InputRules.familyNameLength)
        let zone = try InputRules.timeZone(input.timeZone ?? "UTC")
        if let limit = context.state.registrationLimit {
            try await limit.check(address, in: context)
            try await limit.record(address, in: context)
        }
        let hash = try await context.password.hash(password)
        let user = try await context.write { db in
            try await ensureEmailFree(email, on: db)
            let family = Family(name: familyName, timeZone: zone)
            try await family.create(on: db)
            try await DefaultApps.seed(familyID: family.id!, at: context.now, on: db.sql)
            let user = User(familyID: family.id!, email: email, passwordHash: hash, firstName: firstName, lastName: lastName, role: .parent)
            try await user.create(on: db)
            return user
        }
        return try await signIn(user, familyName: familyName, childID: nil, remember: false, in: context)
    }

    /// Renames the family or moves it to another time zone (send only what changes). Days already
    /// lived keep the dates they had where the family was; from now on "today", paydays, weeks,
    /// months and streaks are the new zone's.
    static func updateFamily(_ input: UpdateFamilyRequest, familyID: UUID, in context: ServiceContext) async throws -> FamilyResponse {
        let name = try input.name.map { try InputRules.required($0, "Family name", max: InputRules.familyNameLength) }
        let zone = try input.timeZone.map(InputRules.timeZone)
        try await context.write { db in
            let sql = db.sql
            if let name { try await sql.raw("UPDATE families SET name = \(bind: name) WHERE id = \(bind: familyID)").run() }
            if let zone, let old = try await FamilyDirectory.family(familyID, on: sql), old.time_zone != zone {
                try await sql.raw("UPDATE families SET time_zone = \(bind: zone) WHERE id = \(bind: familyID)").run()
                try await RecurringControl.followZone(
                    familyID: familyID, from: FamilyCalendar(identifier: old.time_zone) ?? FamilyCalendar(timeZone: .gmt), now: context.now,
                    on: sql)
            }
        }
        return try await family(familyID, on: context.sql)
    }

    static func family(_ familyID: UUID, on sql: any SQLDatabase) async throws -> FamilyResponse {
        guard let family = try await FamilyDirectory.family(familyID, on: sql) else { throw AppError.notFound("Family") }
        let count = try await FamilyDirectory.children(ofFamily: familyID, on: sql).count
        return FamilyResponse(
            id: family.id, name: family.name, timeZone: family.time_zone, childCount: count, createdAt: family.created_at ?? .distantPast)
    }

    /// Creates a child's login and money account; an opening balance is its first ledger entry.
    static func registerChild(_ input: RegisterChildRequest, by parent: AuthUser, in context: ServiceContext) async throws -> ChildResponse
    {
        let email = try InputRules.email(input.email)
        let password = try InputRules.newPassword(input.password)
        let firstName = try InputRules.required(input.firstName, "First name")
        let lastName = try InputRules.required(input.lastName, "Last name")
        let allowance = try InputRules.nonNegativeAmount(input.weeklyAllowance, "Weekly allowance")
        let opening = try InputRules.nonNegativeAmount(input.initialBalance ?? .zero, "Initial balance")
        let hash = try await context.password.hash(password)
        let now = context.now
        let childID = try await createChild(
            familyID: parent.familyID, email: email, passwordHash: hash, firstName: firstName, lastName: lastName,
            allowance: allowance, day: input.allowanceDay ?? .saturday, opening: opening, createdBy: parent.userID, in: context)
        guard let record = try await FamilyDirectory.child(childID, inFamily: parent.familyID, on: context.sql) else {
            throw AppError.notFound("Child")
        }
        return record.response(now: now)
    }

    /// The shared path of the API, the seeder and the web forms. A nil email makes a child
    /// without a login (`passwordHash` is then never read).
    static func createChild(
        familyID: UUID, email: String?, passwordHash: String, firstName: String, lastName: String, allowance: Money,
        day: Weekday, opening: Money, createdBy: UUID?, in context: ServiceContext
    ) async throws -> UUID {
        let now = context.now
        return try await context.write { db in
            if let email { try await ensureEmailFree(email, on: db) }
            guard let family = try await Family.find(familyID, on: db) else { throw AppError.notFound("Family") }
            let userID = UUID()
            let user = User(
                id: userID, familyID: familyID, email: email ?? User.noLoginEmail(for: userID), passwordHash: passwordHash,
                firstName: firstName, lastName: lastName, role: .child)
            try await user.create(on: db)
            let child = Child(userID: user.id!, familyID: familyID, weeklyAllowance: allowance, allowanceDay: day, createdAt: now)
            try await child.create(on: db)
            if opening.isPositive {
                let calendar = FamilyCalendar(identifier: family.timeZone) ?? FamilyCalendar(timeZone: .gmt)
                _ = try await LedgerService.post(
                    LedgerPosting(
                        childID: child.id!, type: .credit, amount: opening, description: "Opening balance", createdBy: createdBy, at: now),
                    calendar: calendar, on: db)
            }
            return child.id!
        }
    }

    static func ensureEmailFree(_ email: String, on db: Database) async throws {
        if try await User.query(on: db).filter(\.$email == email).first() != nil {
            throw AppError(.conflict, .emailTaken, "An account with this email already exists")
        }
    }

    static func login(_ input: LoginRequest, in context: ServiceContext) async throws -> AuthResponse {
        let email = input.email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if let problem = AccountValidation.emailProblem(email) { throw AppError.validation(problem) }
        if input.password.isEmpty { throw AppError.validation("Password is required") }
        try await RateLimit.signIn.check(email, in: context)
        let found = try await User.query(on: context.db).filter(\.$email == email).with(\.$family).first()
        guard let user = found, input.password.count <= InputRules.passwordLength,
            try await context.password.verify(input.password, created: user.passwordHash)
        else {
            // An unknown email costs the same hashing as a wrong password: the answer's time
            // does not tell which emails have accounts.
            if found == nil, input.password.count <= InputRules.passwordLength { _ = try await context.password.hash(input.password) }
            try await RateLimit.signIn.record(email, in: context)
            throw AppError(.unauthorized, .invalidCredentials, "Invalid email or password")
        }
        try await RateLimit.signIn.clear(email, in: context)
        let childID = try await Child.query(on: context.db).filter(\.$user.$id == user.id!).first()?.id
        return try await signIn(user, familyName: user.family.name, childID: childID, remember: input.rememberMe ?? false, in: context)
    }

    static func signIn(_ user: User, familyName: String, childID: UUID?, remember: Bool, in context: ServiceContext) async throws
        -> AuthResponse
    {
        let (token, expiresAt) = try await SessionStore.issue(for: user.id!, remember: remember, in: context)
        return AuthResponse(
            userId: user.id!, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role,
            familyId: user.$family.id, familyName: familyName, childId: childID, token: token, expiresAt: expiresAt)
    }

    /// A fresh token for a live session; the old one ends, so a leaked token cannot be renewed twice.
    static func refresh(_ user: AuthUser, in context: ServiceContext) async throws -> AuthResponse {
        guard let session = try await Session.find(user.sessionID, on: context.db),
            let stored = try await User.find(user.userID, on: context.db)
        else {
            throw AppError.unauthorized
        }
        let remember = session.expiresAt.timeIntervalSince(session.createdAt) > SessionStore.standardLifetime
        try await SessionStore.revoke(user.sessionID, in: context)
        let family = try await FamilyDirectory.family(user.familyID, on: context.sql)
        return try await signIn(stored, familyName: family?.name ?? "", childID: user.childID, remember: remember, in: context)
    }

    static func me(_ user: AuthUser, in context: ServiceContext) async throws -> UserResponse {
        let family = try await FamilyDirectory.family(user.familyID, on: context.sql)
        return UserResponse(
            userId: user.userID, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role,
            familyId: user.familyID, familyName: family?.name ?? "", childId: user.childID)
    }

    static func updateProfile(_ input: UpdateProfileRequest, of user: AuthUser, in context: ServiceContext) async throws -> UserResponse {
        let firstName = try input.firstName.map { try InputRules.required($0, "First name") }
        let lastName = try input.lastName.map { try InputRules.required($0, "Last name") }
        let email = try input.email.map { try InputRules.email($0) }
        try await context.write { db in
            guard let stored = try await User.find(user.userID, on: db) else { throw AppError.unauthorized }
            if let email, email != stored.email {
                try await ensureEmailFree(email, on: db)
                stored.email = email
            }
            if let firstName { stored.firstName = firstName }
            if let lastName { stored.lastName = lastName }
            try await stored.save(on: db)
        }
        guard let updated = try await SessionStore.user(forSession: user.sessionID, on: context.sql, now: context.now) else {
            throw AppError.unauthorized
        }
        return try await me(updated, in: context)
    }

    /// Changes the password and signs out every other device.
    static func changePassword(_ input: ChangePasswordRequest, of user: AuthUser, in context: ServiceContext) async throws {
        guard let stored = try await User.find(user.userID, on: context.db) else { throw AppError.unauthorized }
        if input.currentPassword.isEmpty { throw AppError.validation("Current password is required") }
        let key = user.userID.uuidString
        try await RateLimit.passwordChange.check(key, in: context)
        guard input.currentPassword.count <= InputRules.passwordLength,
            try await context.password.verify(input.currentPassword, created: stored.passwordHash)
        else {
            try await RateLimit.passwordChange.record(key, in: context)
            throw AppError(.unprocessableEntity, .wrongPassword, "Current password is incorrect")
        }
        try await RateLimit.passwordChange.clear(key, in: context)
        let newPassword = try InputRules.newPassword(input.newPassword)
        stored.passwordHash = try await context.password.hash(newPassword)
        try await context.write { db in
            try await stored.save(on: db)
            try await SessionStore.revokeAll(of: user.userID, except: user.sessionID, in: context.within(db))
        }
    }

    static func logout(_ user: AuthUser, in context: ServiceContext) async throws {
        try await SessionStore.revoke(user.sessionID, in: context)
    }
}
