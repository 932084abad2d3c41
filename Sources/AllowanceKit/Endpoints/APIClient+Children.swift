import AllowanceAPI
import Foundation

/// The family, its children and their allowance.
extension APIClient {
    public func family() async throws -> FamilyResponse {
        try await call(APIRequest(.get, "/api/v1/families/current"))
    }

    /// Renames the family or moves it to another time zone (parents; send only what changes).
    public func updateFamily(_ input: UpdateFamilyRequest) async throws -> FamilyResponse {
        try await call(APIRequest(.put, "/api/v1/families/current", json: input))
    }

    /// The family's children (a child sees only themself).
    public func children() async throws -> [ChildResponse] {
        try await call(APIRequest(.get, "/api/v1/children"))
    }

    /// The same list wrapped as App Screens reads it (`response.children`).
    public func familyChildren() async throws -> FamilyChildrenResponse {
        try await call(APIRequest(.get, "/api/v1/families/current/children"))
    }

    /// Adds a child by name only, without a login (parents). Sent with an `Idempotency-Key`: an
    /// initial balance is money.
    public func createChild(_ input: CreateChildDto, idempotencyKey: String = UUID().uuidString) async throws -> ChildResponse {
        try await call(APIRequest(.post, "/api/v1/children", json: input, idempotencyKey: idempotencyKey))
    }

    /// Gives a child without a login an email and password (parents).
    public func giveLogin(to childId: UUID, _ input: ChildLoginDto) async throws -> ChildResponse {
        try await call(APIRequest(.post, "/api/v1/children/\(childId)/login", json: input))
    }

    public func child(_ childId: UUID) async throws -> ChildResponse {
        try await call(APIRequest(.get, "/api/v1/children/\(childId)"))
    }

    public func balance(of childId: UUID) async throws -> ChildBalanceResponse {
        try await call(APIRequest(.get, "/api/v1/children/\(childId)/balance"))
    }

    /// Changes names, weekly allowance or allowance day (send only what changes).
    public func updateChild(_ childId: UUID, _ input: UpdateChildRequest) async throws -> ChildResponse {
        try await call(APIRequest(.put, "/api/v1/children/\(childId)", json: input))
    }

    /// The same change through the wider API family's path (`/settings`).
    public func updateChildSettings(_ childId: UUID, _ input: UpdateChildRequest) async throws -> ChildResponse {
        try await call(APIRequest(.put, "/api/v1/children/\(childId)/settings", json: input))
    }

    /// Removes a child with their login and ledger.
    public func deleteChild(_ childId: UUID) async throws {
        try await callWithoutAnswer(APIRequest(.delete, "/api/v1/children/\(childId)"))
    }

    /// Paydays are skipped until resumed.
    public func pauseAllowance(of childId: UUID) async throws -> ChildResponse {
        try await call(APIRequest(.post, "/api/v1/children/\(childId)/allowance/pause"))
    }

    public func resumeAllowance(of childId: UUID) async throws -> ChildResponse {
        try await call(APIRequest(.post, "/api/v1/children/\(childId)/allowance/resume"))
    }

    public func parentDashboard() async throws -> ParentDashboardResponse {
        try await call(APIRequest(.get, "/api/v1/dashboard/parent"))
    }

    /// The signed-in child's dashboard.
    public func childDashboard() async throws -> ChildDashboard {
        try await call(APIRequest(.get, "/api/v1/dashboard/child"))
    }
}
