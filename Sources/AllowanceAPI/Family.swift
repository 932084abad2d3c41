import AllowanceCore
import Foundation

public struct FamilyResponse: Codable, Sendable {
    public var id: UUID
    public var name: String
    public var timeZone: String
    public var childCount: Int
    public var createdAt: Date

    public init(id: UUID, name: String, timeZone: String, childCount: Int, createdAt: Date) {
        self.id = id
        self.name = name
        self.timeZone = timeZone
        self.childCount = childCount
        self.createdAt = createdAt
    }
}

/// `PUT /families/current`: send only what changes.
public struct UpdateFamilyRequest: Codable, Sendable {
    public var name: String?
    /// An IANA name such as "Europe/Oslo".
    public var timeZone: String?

    public init(name: String? = nil, timeZone: String? = nil) {
        self.name = name
        self.timeZone = timeZone
    }
}

public struct ChildResponse: Codable, Sendable {
    public var id: UUID
    /// The same as `id`, under the name App Screens' code reads (`selectedChild?.childId`).
    public var childId: UUID
    public var userId: UUID
    /// Nil for a child without a login (`POST /children`); one can be given later.
    public var email: String?
    public var hasLogin: Bool
    public var firstName: String
    public var lastName: String
    public var fullName: String
    public var currentBalance: Money
    public var weeklyAllowance: Money
    public var allowanceDay: Weekday
    public var allowanceDayName: String
    /// Absent while the allowance is paused or there is none, and for a child not yet paid
    /// (none from before the child was added).
    public var lastAllowanceDate: Date?
    /// Absent while the allowance is paused or there is none.
    public var nextAllowanceDate: Date?
    /// A paused allowance skips paydays until it is resumed; skipped weeks are not paid later.
    public var allowancePaused: Bool
    public var createdAt: Date

    public init(
        id: UUID, userId: UUID, email: String?, firstName: String, lastName: String, currentBalance: Money,
        weeklyAllowance: Money, allowanceDay: Weekday, lastAllowanceDate: Date?, nextAllowanceDate: Date?, allowancePaused: Bool = false,
        createdAt: Date
    ) {
        self.id = id
        self.childId = id
        self.userId = userId
        self.email = email
        self.hasLogin = email != nil
        self.firstName = firstName
        self.lastName = lastName
        self.fullName = "\(firstName) \(lastName)"
        self.currentBalance = currentBalance
        self.weeklyAllowance = weeklyAllowance
        self.allowanceDay = allowanceDay
        self.allowanceDayName = allowanceDay.name
        self.lastAllowanceDate = lastAllowanceDate
        self.nextAllowanceDate = nextAllowanceDate
        self.allowancePaused = allowancePaused
        self.createdAt = createdAt
    }
}

/// `POST /children`: a child by name only, such as a young child who will never sign in (the
/// piggy bank's tally). Weekly allowance defaults to none (no paydays), the allowance day to
/// Saturday, the last name to the parent's; an initial balance is the first ledger entry.
public struct CreateChildDto: Codable, Sendable {
    public var firstName: String
    public var lastName: String?
    public var weeklyAllowance: Money?
    public var allowanceDay: Weekday?
    public var initialBalance: Money?

    public init(
        firstName: String, lastName: String? = nil, weeklyAllowance: Money? = nil, allowanceDay: Weekday? = nil,
        initialBalance: Money? = nil
    ) {
        self.firstName = firstName
        self.lastName = lastName
        self.weeklyAllowance = weeklyAllowance
        self.allowanceDay = allowanceDay
        self.initialBalance = initialBalance
    }
}

/// `POST /children/{childId}/login`: gives a child who has none an email and password to sign in with.
public struct ChildLoginDto: Codable, Sendable {
    public var email: String
    public var password: String

    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}

/// `GET /families/current/children`: App Screens reads `response.children`.
public struct FamilyChildrenResponse: Codable, Sendable {
    public var children: [ChildResponse]

    public init(children: [ChildResponse]) { self.children = children }
}

public struct ChildBalanceResponse: Codable, Sendable {
    public var childId: UUID
    public var currentBalance: Money
    public var formattedBalance: String

    public init(childId: UUID, currentBalance: Money) {
        self.childId = childId
        self.currentBalance = currentBalance
        self.formattedBalance = currentBalance.formatted
    }
}

public struct UpdateChildRequest: Codable, Sendable {
    public var firstName: String?
    public var lastName: String?
    public var weeklyAllowance: Money?
    public var allowanceDay: Weekday?

    public init(firstName: String? = nil, lastName: String? = nil, weeklyAllowance: Money? = nil, allowanceDay: Weekday? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.weeklyAllowance = weeklyAllowance
        self.allowanceDay = allowanceDay
    }
}
