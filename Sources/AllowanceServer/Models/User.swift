import AllowanceAPI
import Fluent
import Foundation

// @unchecked Sendable: see Family.
final class User: Model, @unchecked Sendable {
    static let schema = "users"

    @ID(key: .id) var id: UUID?

    @Field(key: "email") var email: String
    @Field(key: "password_hash") var passwordHash: String
    @Field(key: "first_name") var firstName: String
    @Field(key: "last_name") var lastName: String
    @Field(key: "role") var role: UserRole
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    @Parent(key: "family_id") var family: Family

    init() {}

    init(id: UUID? = nil, familyID: UUID, email: String, passwordHash: String, firstName: String, lastName: String, role: UserRole) {
        self.id = id
        self.$family.id = familyID
        self.email = email
        self.passwordHash = passwordHash
        self.firstName = firstName
        self.lastName = lastName
        self.role = role
    }

    var fullName: String { "\(firstName) \(lastName)" }
}

extension User {
    /// What a child without a login keeps in the required, unique email column. With no "@" it
    /// is not an email, so no sign-in can match it (every sign-in and address is checked as one).
    static func noLoginEmail(for id: UUID) -> String { noLoginPrefix + id.uuidString.lowercased() }

    /// The email a person can sign in with, or nil for a child without a login.
    static func loginEmail(_ stored: String) -> String? { stored.hasPrefix(noLoginPrefix) ? nil : stored }

    private static let noLoginPrefix = "no-login:"
}
