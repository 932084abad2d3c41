import Fluent
import Foundation

// Fluent models are classes with property wrappers that mutate; they are confined to one
// request at a time, so they are marked @unchecked Sendable as vapor/template does.
final class Family: Model, @unchecked Sendable {
    static let schema = "families"

    @ID(key: .id) var id: UUID?

    @Field(key: "name") var name: String
    @Field(key: "time_zone") var timeZone: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(id: UUID? = nil, name: String, timeZone: String) {
        self.id = id
        self.name = name
        self.timeZone = timeZone
    }
}
