import AllowanceKit
import AppIntents

/// A quick-add template ("Lunch, $5.00 out").
struct TemplateEntity: AppEntity {
    let id: UUID
    let name: String
    let detail: String?

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Template"
    static let defaultQuery = TemplateEntityQuery()

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)", subtitle: detail.map { "\($0)" })
    }
}

struct TemplateEntityQuery: EntityQuery {
    func entities(for identifiers: [UUID]) async throws -> [TemplateEntity] {
        try await suggestedEntities().filter { identifiers.contains($0.id) }
    }

    func suggestedEntities() async throws -> [TemplateEntity] {
        try await VoiceAssistant(client: SharedSession.client()).templateChoices().map {
            TemplateEntity(id: $0.id, name: $0.title, detail: $0.subtitle)
        }
    }
}
