import AllowanceCore
import Foundation
import Observation

/// The notification inbox: newest first, unread count, marking read.
@MainActor @Observable
public final class NotificationsViewModel {
    public var unreadOnly = false
    public private(set) var notifications: [NotificationDto] = []
    public private(set) var unreadCount = 0
    public private(set) var state = ScreenState.idle
    public private(set) var problem: ScreenProblem?

    private let client: APIClient

    public init(client: APIClient) { self.client = client }

    public func load() async {
        if notifications.isEmpty { state = .loading }
        do {
            let list = try await client.notifications(unreadOnly: unreadOnly)
            notifications = list.notifications
            unreadCount = list.unreadCount
            state = .loaded
        } catch {
            problem = ScreenProblem(error)
            if notifications.isEmpty { state = .failed(ScreenProblem(error).message) }
        }
    }

    public func markRead(_ notificationId: UUID) async {
        do {
            let read = try await client.markNotificationRead(notificationId)
            if let index = notifications.firstIndex(where: { $0.id == notificationId }) { notifications[index] = read }
            unreadCount = try await client.unreadNotificationCount()
        } catch {
            problem = ScreenProblem(error)
        }
    }

    public func markAllRead() async {
        do {
            unreadCount = try await client.markAllNotificationsRead()
            await load()
        } catch {
            problem = ScreenProblem(error)
        }
    }
}
