import AllowanceKit
import AppIntents

/// A savings goal to ask about or show on a widget.
struct GoalEntity: AppEntity {
    let id: UUID
    let name: String
    /// The child's name, under the goal's in pickers.
    let childName: String?

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Savings Goal"
    static let defaultQuery = GoalEntityQuery()

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)", subtitle: childName.map { "\($0)" })
    }
}

/// Active goals of the child, or of every child for a parent.
struct GoalEntityQuery: EntityQuery {
    func entities(for identifiers: [UUID]) async throws -> [GoalEntity] {
        try await suggestedEntities().filter { identifiers.contains($0.id) }
    }

    func suggestedEntities() async throws -> [GoalEntity] {
        try await VoiceAssistant(client: SharedSession.client()).goalChoices().map {
            GoalEntity(id: $0.id, name: $0.title, childName: $0.subtitle)
        }
    }
}
