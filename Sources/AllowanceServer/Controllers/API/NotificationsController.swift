import AllowanceAPI
import Vapor

struct NotificationsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let notifications = routes.grouped("notifications")
        notifications.get(use: list)
        notifications.get("unread-count", use: unreadCount)
        notifications.patch(":notificationId", "read", use: markRead)
        notifications.post("read", use: markAllRead)
        notifications.get("preferences", use: preferences)
        notifications.put("preferences", use: updatePreferences)
    }

    @Sendable func list(req: Request) async throws -> NotificationListResponse {
        let user = try req.requireUser()
        let unreadOnly = (try? req.query.get(Bool.self, at: "unreadOnly")) ?? false
        var limit = 50
        if let text = try? req.query.get(String.self, at: "limit") {
            guard let value = Int(text), (1...200).contains(value) else { throw AppError.validation("limit must be a number from 1 to 200") }
            limit = value
        }
        return try await NotificationService.list(for: user.userID, unreadOnly: unreadOnly, limit: limit, on: req.db)
    }

    @Sendable func unreadCount(req: Request) async throws -> UnreadCountResponse {
        UnreadCountResponse(count: try await NotificationService.unreadCount(for: try req.requireUser().userID, on: req.db))
    }

    @Sendable func markRead(req: Request) async throws -> NotificationDto {
        let user = try req.requireUser()
        return try await NotificationService.markRead(try req.uuidParameter("notificationId"), for: user.userID, at: req.now, on: req.db)
    }

    @Sendable func markAllRead(req: Request) async throws -> UnreadCountResponse {
        let user = try req.requireUser()
        try await NotificationService.markAllRead(for: user.userID, at: req.now, on: req.db)
        return UnreadCountResponse(count: 0)
    }

    @Sendable func preferences(req: Request) async throws -> NotificationPreferencesDto {
        try await NotificationService.preferences(of: try req.requireUser().userID, on: req.db).toDTO()
    }

    @Sendable func updatePreferences(req: Request) async throws -> NotificationPreferencesDto {
        let user = try req.requireUser()
        return try await NotificationService.updatePreferences(of: user.userID, with: try req.content.decode(NotificationPreferencesDto.self), on: req.db)
    }
}
