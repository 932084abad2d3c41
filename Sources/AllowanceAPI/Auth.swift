import AllowanceCore
import Foundation

public enum UserRole: String, Codable, Sendable {
    case parent = "Parent"
    case child = "Child"
}

public struct RegisterParentRequest: Codable, Sendable {
    public var email: String
    public var password: String
    public var firstName: String
    public var lastName: String
    public var familyName: String
    /// IANA zone, e.g. "America/New_York"; UTC when left out.
    public var timeZone: String?

    public init(email: String, password: String, firstName: String, lastName: String, familyName: String, timeZone: String? = nil) {
        self.email = email
        self.password = password
        self.firstName = firstName
        self.lastName = lastName
        self.familyName = familyName
        self.timeZone = timeZone
    }
}

public struct RegisterChildRequest: Codable, Sendable {
    public var email: String
    public var password: String
    public var firstName: String
    public var lastName: String
    public var weeklyAllowance: Money
    /// 0 = Sunday ... 6 = Saturday; when left out the allowance is paid on Saturdays.
    public var allowanceDay: Weekday?
    /// Money the child already has; posted as the first ledger entry.
    public var initialBalance: Money?

    public init(
        email: String, password: String, firstName: String, lastName: String, weeklyAllowance: Money,
        allowanceDay: Weekday? = nil, initialBalance: Money? = nil
    ) {
        self.email = email
        self.password = password
        self.firstName = firstName
        self.lastName = lastName
        self.weeklyAllowance = weeklyAllowance
        self.allowanceDay = allowanceDay
        self.initialBalance = initialBalance
    }
}

public struct LoginRequest: Codable, Sendable {
    public var email: String
    public var password: String
    public var rememberMe: Bool?

    public init(email: String, password: String, rememberMe: Bool? = nil) {
        self.email = email
        self.password = password
        self.rememberMe = rememberMe
    }
}

public struct AuthResponse: Codable, Sendable {
    public var userId: UUID
    public var email: String
    public var firstName: String
    public var lastName: String
    public var role: UserRole
    public var familyId: UUID
    public var familyName: String
    /// Present when the user is a child: their child record.
    public var childId: UUID?
    public var token: String
    public var expiresAt: Date

    public init(
        userId: UUID, email: String, firstName: String, lastName: String, role: UserRole, familyId: UUID,
        familyName: String, childId: UUID?, token: String, expiresAt: Date
    ) {
        self.userId = userId
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.role = role
        self.familyId = familyId
        self.familyName = familyName
        self.childId = childId
        self.token = token
        self.expiresAt = expiresAt
    }
}

public struct UserResponse: Codable, Sendable {
    public var userId: UUID
    public var email: String
    public var firstName: String
    public var lastName: String
    public var role: UserRole
    public var familyId: UUID
    public var familyName: String
    public var childId: UUID?

    public init(
        userId: UUID, email: String, firstName: String, lastName: String, role: UserRole, familyId: UUID,
        familyName: String, childId: UUID?
    ) {
        self.userId = userId
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.role = role
        self.familyId = familyId
        self.familyName = familyName
        self.childId = childId
    }
}

public struct UpdateProfileRequest: Codable, Sendable {
    public var firstName: String?
    public var lastName: String?
    public var email: String?

    public init(firstName: String? = nil, lastName: String? = nil, email: String? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
    }
}

public struct ChangePasswordRequest: Codable, Sendable {
    public var currentPassword: String
    public var newPassword: String

    public init(currentPassword: String, newPassword: String) {
        self.currentPassword = currentPassword
        self.newPassword = newPassword
    }
}

public struct MessageResponse: Codable, Sendable {
    public var message: String
    public init(message: String) { self.message = message }
}

/// The one error shape: `{"error": {"code": "insufficient_balance", "message": "..."}}`.
public struct ErrorResponse: Codable, Sendable, Error {
    public struct Body: Codable, Sendable {
        public var code: String
        public var message: String
    }

    public var error: Body
    /// The message again at the top level, where clients of the wider API family look for it.
    public var message: String

    public init(code: String, message: String) {
        self.error = Body(code: code, message: message)
        self.message = message
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.error = try container.decode(Body.self, forKey: .error)
        self.message = try container.decodeIfPresent(String.self, forKey: .message) ?? error.message
    }
}
