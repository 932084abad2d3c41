import AllowanceAPI
import Foundation

/// The signed-in user's notifications and their preferences.
extension APIClient {
    public func notifications(unreadOnly: Bool = false, limit: Int? = nil) async throws -> NotificationListResponse {
        let query = queryItems(["unreadOnly": unreadOnly ? "true" : nil, "limit": limit.map(String.init)])
        return try await call(APIRequest(.get, "/api/v1/notifications", query: query))
    }

    public func unreadNotificationCount() async throws -> Int {
        let answer: UnreadCountResponse = try await call(APIRequest(.get, "/api/v1/notifications/unread-count"))
        return answer.count
    }

    public func markNotificationRead(_ notificationId: UUID) async throws -> NotificationDto {
        try await call(APIRequest(.patch, "/api/v1/notifications/\(notificationId)/read"))
    }

    /// Marks every notification read; answers the unread count afterwards (0).
    @discardableResult
    public func markAllNotificationsRead() async throws -> Int {
        let answer: UnreadCountResponse = try await call(APIRequest(.post, "/api/v1/notifications/read"))
        return answer.count
    }

    public func notificationPreferences() async throws -> NotificationPreferencesDto {
        try await call(APIRequest(.get, "/api/v1/notifications/preferences"))
    }

    /// Send only what changes.
    public func updateNotificationPreferences(_ input: NotificationPreferencesDto) async throws -> NotificationPreferencesDto {
        try await call(APIRequest(.put, "/api/v1/notifications/preferences", json: input))
    }
}
