import AllowanceAPI
import Fluent
import Foundation

// @unchecked Sendable: see Family.
final class AppNotification: Model, @unchecked Sendable {
    static let schema = "notifications"

    @ID(key: .id) var id: UUID?

    @Field(key: "type") var type: NotificationType
    @Field(key: "title") var title: String
    @Field(key: "message") var message: String
    @OptionalField(key: "child_id") var childID: UUID?
    @Field(key: "is_read") var isRead: Bool
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "read_at") var readAt: Date?

    @Parent(key: "user_id") var user: User

    init() {}

    func toDTO() -> NotificationDto {
        NotificationDto(
            id: id!, type: type, title: title, message: message, childId: childID, isRead: isRead, createdAt: createdAt, readAt: readAt)
    }
}
