import AllowanceKit
import AppIntents

/// A child, as Shortcuts and a widget's settings let a person choose one.
struct ChildEntity: AppEntity {
    let id: UUID
    let name: String

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Child"
    static let defaultQuery = ChildEntityQuery()

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
}

/// The signed-in family's children (a child: themself), from AllowanceKit.
struct ChildEntityQuery: EntityQuery {
    func entities(for identifiers: [UUID]) async throws -> [ChildEntity] {
        try await suggestedEntities().filter { identifiers.contains($0.id) }
    }

    func suggestedEntities() async throws -> [ChildEntity] {
        try await VoiceAssistant(client: SharedSession.client()).childChoices().map { ChildEntity(id: $0.id, name: $0.title) }
    }
}
