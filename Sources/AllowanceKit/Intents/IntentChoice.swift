import Foundation

/// Something a shortcut or a widget's settings lets a person pick: a child, a goal, a template.
public struct IntentChoice: Equatable, Sendable, Identifiable {
    public let id: UUID
    public let title: String
    /// "Kai" under a goal's name, "$3.00 out" under a template's.
    public let subtitle: String?

    public init(id: UUID, title: String, subtitle: String? = nil) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
    }
}
