import AllowanceAPI
import Foundation

/// Whose money a widget or a voice request is about when none was chosen: a child means
/// themself; a parent means every child (or the one child there is).
struct FamilyTargets: Sendable {
    let client: APIClient

    /// The signed-in child, or the family's children in name order.
    func children() async throws -> [ChildResponse] {
        let children = try await client.children()
        if let own = await client.currentSession()?.user?.childId {
            return children.filter { $0.id == own }
        }
        return children.sorted { $0.firstName.localizedCaseInsensitiveCompare($1.firstName) == .orderedAscending }
    }

    /// The chosen child, else the signed-in child, else the family's first; nil when there is none.
    func child(_ chosen: UUID?) async throws -> UUID? {
        if let chosen { return chosen }
        return try await children().first?.id
    }

    /// The child's savings goal nearest the front (priority order, active only).
    func topGoal(of childId: UUID) async throws -> SavingsGoalDto? {
        try await client.savingsGoals(of: childId).first { $0.status == .active }
    }
}
