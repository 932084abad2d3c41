import AllowanceAPI
import Vapor

enum NotificationsController {
    /// This controller's part of the API: `APIEndpoints.all` registers it and `/openapi.json` publishes it.
    static var endpoints: [APIEndpoint] {
        [
            .init(
                .GET, "/api/v1/notifications", "The user's notifications, newest first", access: .signedIn,
                response: NotificationListResponse.self, query: [.boolean("unreadOnly"), .integer("limit", 1...200)], use: list),
            .init(
                .GET, "/api/v1/notifications/unread-count", "How many are unread", access: .signedIn, response: UnreadCountResponse.self,
                use: unreadCount),
            .init(
                .PATCH, "/api/v1/notifications/{notificationId}/read", "Mark one read", access: .signedIn, response: NotificationDto.self,
                use: markRead),
            .init(
                .POST, "/api/v1/notifications/read", "Mark all read", access: .signedIn, response: UnreadCountResponse.self,
                use: markAllRead),
            .init(
                .GET, "/api/v1/notifications/preferences", "Notification preferences", access: .signedIn,
                response: NotificationPreferencesDto.self, use: preferences),
            .init(
                .PUT, "/api/v1/notifications/preferences", "Change notification preferences (send only what changes)", access: .signedIn,
                request: NotificationPreferencesDto.self, response: NotificationPreferencesDto.self, refusals: [.unprocessableEntity],
                use: updatePreferences),
        ]
    }

    @Sendable static func list(req: Request) async throws -> NotificationListResponse {
        let user = try req.requireUser()
        let unreadOnly = try req.query.bool("unreadOnly") ?? false
        let limit = try req.query.int("limit", in: 1...200) ?? 50
        return try await NotificationService.list(for: user.userID, unreadOnly: unreadOnly, limit: limit, on: req.database)
    }

    @Sendable static func unreadCount(req: Request) async throws -> UnreadCountResponse {
        UnreadCountResponse(count: try await NotificationService.unreadCount(for: try req.requireUser().userID, on: req.database))
    }

    @Sendable static func markRead(req: Request) async throws -> NotificationDto {
        let user = try req.requireUser()
        return try await NotificationService.markRead(try req.uuidParameter("notificationId"), for: user.userID, in: req.context)
    }

    @Sendable static func markAllRead(req: Request) async throws -> UnreadCountResponse {
        let user = try req.requireUser()
        try await NotificationService.markAllRead(for: user.userID, in: req.context)
        return UnreadCountResponse(count: 0)
    }

    @Sendable static func preferences(req: Request) async throws -> NotificationPreferencesDto {
        try await NotificationService.preferences(of: try req.requireUser().userID, on: req.database).toDTO()
    }

    @Sendable static func updatePreferences(req: Request) async throws -> NotificationPreferencesDto {
        let user = try req.requireUser()
        return try await NotificationService.updatePreferences(
            of: user.userID, with: try req.decodeJSON(NotificationPreferencesDto.self), in: req.context)
    }
}
