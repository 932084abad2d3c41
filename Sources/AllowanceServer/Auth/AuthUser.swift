import AllowanceAPI
import Foundation
import Vapor

/// Who is asking: the signed-in user, resolved from a live session on every request.
public struct AuthUser: Authenticatable, Sendable {
    public let userID: UUID
    public let sessionID: UUID
    public let familyID: UUID
    public let role: UserRole
    public let firstName: String
    public let lastName: String
    public let email: String
    /// The child record, when the user is a child.
    public let childID: UUID?
    /// The family's `data_version` when the session was looked up, before the request read
    /// anything else: what the request shows is at least as new as this.
    public var dataVersion: Int64 = 0
    /// The family's `shared_version`, read with it (`AddChildDataVersion`).
    public var sharedVersion: Int64 = 0
    /// The child the request is about and its number: the child of the family its path names
    /// (`childId`), else the signed-in child themselves (`SessionStore.positionalQuery`).
    public var childVersion: (child: UUID, version: Int64)? = nil
    /// The child the request's path names (`childId`), parsed once for the session lookup;
    /// nil when the path names none or not a UUID.
    var pathChild: UUID? = nil
    /// That child's row, read with the session (`visibleChild` answers with it).
    var child: ChildRecord? = nil

    public var isParent: Bool { role == .parent }

    /// Whether this user may see the child `id` of their own family: a parent sees every child
    /// of it, a child only themself. The caller makes sure the child is of the user's family.
    func maySee(child id: UUID) -> Bool { isParent || childID == id }

    public var fullName: String { "\(firstName) \(lastName)" }
}

extension AuthUser {
    /// The user of a live session from its row of `SessionStore.positionalQuery`, as SQLite's
    /// and PostgreSQL's lookups read it; nil for a role this server does not know.
    init?(sessionID: UUID, row: SessionStore.PositionalRow) {
        guard let role = UserRole(rawValue: row.role) else { return nil }
        self.init(
            userID: row.userID, sessionID: sessionID, familyID: row.familyID, role: role, firstName: row.firstName,
            lastName: row.lastName, email: row.email, childID: row.childID, dataVersion: row.version, sharedVersion: row.shared,
            childVersion: row.kid.map { ($0, row.kidVersion) }, child: row.kidRecord)
    }
}

extension Request {
    /// Parses a UUID path parameter, answering 400 with the parameter's name when it is not one.
    func uuidParameter(_ name: String) throws -> UUID {
        guard let text = parameters.get(name), let id = UUID(hexText: text) else {
            throw AppError.validation("\(name) must be a UUID, like 3f2504e0-4f89-11d3-9a0c-0305e82c3301")
        }
        return id
    }
}
