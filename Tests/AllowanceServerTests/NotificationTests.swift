import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

@Suite struct NotificationTests {
    @Test func childHearsAboutMoneyAndCanMarkItRead() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 10_00))])
            let kai = family.children[0]
            try await client.post(.credit, 5_00, to: kai, in: family, description: "Chores")
            let count: UnreadCountResponse = try await client.call(.GET, "/api/v1/notifications/unread-count", token: kai.token)
            #expect(count.count == 1)  // the chores (an opening balance is not news)
            let list: NotificationListResponse = try await client.call(.GET, "/api/v1/notifications", token: kai.token)
            let newest = try #require(list.notifications.first)
            #expect(newest.title == "You received $5.00")
            #expect(newest.message == "Chores. Your balance is now $15.00.")
            let read: NotificationDto = try await client.call(.PATCH, "/api/v1/notifications/\(newest.id)/read", token: kai.token)
            #expect(read.isRead)
            #expect(
                try await client.call(.GET, "/api/v1/notifications/unread-count", token: kai.token, as: UnreadCountResponse.self).count == 0
            )
            try await client.post(.debit, 1_00, to: kai, in: family, description: "Gum")
            #expect(
                try await client.call(.GET, "/api/v1/notifications/unread-count", token: kai.token, as: UnreadCountResponse.self).count == 1
            )
            try await client.send(.POST, "/api/v1/notifications/read", token: kai.token)
            #expect(
                try await client.call(.GET, "/api/v1/notifications/unread-count", token: kai.token, as: UnreadCountResponse.self).count == 0
            )
            let unread: NotificationListResponse = try await client.call(.GET, "/api/v1/notifications?unreadOnly=true", token: kai.token)
            #expect(unread.notifications.isEmpty)
        }
    }

    @Test func lowBalanceWarningReachesParentsOnceOnTheCrossing() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let prefs: NotificationPreferencesDto = try await client.call(
                .PUT, "/api/v1/notifications/preferences", token: family.parent.token,
                json: NotificationPreferencesDto(lowBalanceWarningEnabled: true, lowBalanceThreshold: Money(cents: 15_00)))
            #expect(prefs.lowBalanceWarningEnabled == true)
            #expect(prefs.transactionAlertsEnabled == true)

            try await client.post(.debit, 4_00, to: kai, in: family)  // $16.00: above
            try await client.post(.debit, 2_00, to: kai, in: family)  // $14.00: crosses
            try await client.post(.debit, 1_00, to: kai, in: family)  // $13.00: already below
            let list: NotificationListResponse = try await client.call(.GET, "/api/v1/notifications", token: family.parent.token)
            #expect(list.notifications.map(\.title) == ["Kai's balance is low"])
            #expect(list.notifications.first?.message.contains("Kai has $14.00") == true)
            #expect(list.notifications.first?.childId == kai.id)
        }
    }

    /// Two parents of one family, one warned below $10.00 and one below $6.00: Kai ($12.00)
    /// spends $1.00 seven times, one after another. Each parent hears once, when the balance
    /// crosses their own line, with their own amount in the message; and neither hears of the
    /// other's crossing. (On PostgreSQL each debit is a posting group, which reads the parents
    /// with the balance's update; on SQLite the debit reads them itself.)
    @Test func eachParentIsWarnedAtTheirOwnThreshold() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 12_00))])
            let kai = family.children[0]
            let robin = try await client.addParent(to: family, firstName: "Robin")
            for (token, cents) in [(family.parent.token, Int64(10_00)), (robin.token, 6_00)] {
                let _: NotificationPreferencesDto = try await client.call(
                    .PUT, "/api/v1/notifications/preferences", token: token,
                    json: NotificationPreferencesDto(lowBalanceWarningEnabled: true, lowBalanceThreshold: Money(cents: cents)))
            }
            // act
            for index in 1...7 {
                let response = try await client.post(.debit, 1_00, to: kai, in: family, description: "Snack \(index)")
                #expect(response.status == .created)
            }
            // assert
            let first: NotificationListResponse = try await client.call(.GET, "/api/v1/notifications", token: family.parent.token)
            #expect(first.notifications.map(\.message) == ["Kai has $9.00 after \"Snack 3\" (below your $10.00 alert)."])
            let second: NotificationListResponse = try await client.call(.GET, "/api/v1/notifications", token: robin.token)
            #expect(second.notifications.map(\.message) == ["Kai has $5.00 after \"Snack 7\" (below your $6.00 alert)."])
        }
    }

    /// The parent's alert about a child outlives the child, but its "View" no longer leads to
    /// a page that is gone.
    @Test func aNotificationAboutARemovedChildLinksNowhere() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            _ = try await client.call(
                .PUT, "/api/v1/notifications/preferences", token: family.parent.token,
                json: NotificationPreferencesDto(lowBalanceWarningEnabled: true, lowBalanceThreshold: Money(cents: 15_00)),
                as: NotificationPreferencesDto.self)
            try await client.post(.debit, 6_00, to: kai, in: family)
            let pages = WebPageTests()
            let cookies = try await pages.signIn(client, email: family.parent.email)
            #expect(try await pages.page(client, "/notifications", cookies: cookies).body.string.contains("/children/\(kai.id)\">View"))
            #expect(try await client.send(.DELETE, "/api/v1/children/\(kai.id)", token: family.parent.token).status == .noContent)
            let after = try await pages.page(client, "/notifications", cookies: cookies).body.string
            #expect(after.contains("Kai&#39;s balance is low") || after.contains("Kai's balance is low"))
            #expect(!after.contains("/children/\(kai.id)"))
        }
    }

    @Test func turnedOffKindsAreNotStored() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            try await client.send(
                .PUT, "/api/v1/notifications/preferences", token: kai.token,
                json: NotificationPreferencesDto(transactionAlertsEnabled: false))
            try await client.post(.credit, 1_00, to: kai, in: family)
            let list: NotificationListResponse = try await client.call(.GET, "/api/v1/notifications", token: kai.token)
            #expect(list.notifications.isEmpty)
            // Default low-balance warning is off: parents hear nothing.
            try await client.post(.debit, 20_50, to: kai, in: family)
            let parent: NotificationListResponse = try await client.call(.GET, "/api/v1/notifications", token: family.parent.token)
            #expect(parent.notifications.isEmpty)
        }
    }

    /// Notifications are stored by one SQL statement that reads the preference switches itself;
    /// for every kind, with the defaults and with each switch turned off alone, it stores exactly
    /// what the preferences screen promises (`allows`).
    @Test func everyKindIsStoredExactlyWhenThePreferencesAllowIt() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 0))])
            let kai = family.children[0].userId
            let db = client.app.db
            let settings = [nil] + NotificationPreference.Switch.allCases.map(Optional.some)
            for turnedOff in settings {
                try await db.sql.raw("DELETE FROM notification_preferences WHERE id = \(bind: kai)").run()
                let preference = NotificationPreference(userID: kai)
                if let turnedOff {
                    // Stored with that one switch off (the low-balance warning is off by default, so it is turned on).
                    try await preference.create(on: db)
                    let value = turnedOff == .lowBalanceWarning ? true : false
                    try await db.sql.raw(
                        "UPDATE notification_preferences SET \(unsafeRaw: turnedOff.rawValue) = \(bind: value) WHERE id = \(bind: kai)"
                    ).run()
                }
                let stored = try await NotificationPreference.find(kai, on: db) ?? preference
                for type in NotificationType.allCases {
                    let before = try await NotificationService.unreadCount(for: kai, on: db)
                    try await NotificationService.notify(kai, type: type, title: "t", message: "m", at: Date(), on: db)
                    let after = try await NotificationService.unreadCount(for: kai, on: db)
                    #expect(after - before == (stored.allows(type) ? 1 : 0), "\(type) with \(turnedOff?.rawValue ?? "the defaults")")
                }
            }
        }
    }

    /// A group commit's or a payday's notifications go in one statement for many users and
    /// kinds (`NotificationBatch`): each is stored exactly when its own user's switches allow
    /// its kind, with its own child (or none), and a batch about no child at all is stored too
    /// (PostgreSQL cannot infer the type of a column of NULLs by itself).
    @Test func aBatchOfManyUsersAndKindsStoresEachAsItsUserAllows() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", .zero), ("Freya", .zero)])
            let (kai, freya) = (family.children[0], family.children[1])
            try await client.send(
                .PUT, "/api/v1/notifications/preferences", token: freya.token,
                json: NotificationPreferencesDto(transactionAlertsEnabled: false, allowanceRemindersEnabled: false))
            let db = client.app.db
            let kinds = NotificationType.allCases
            var rows: [NotificationBatch.Row] = []
            for child in [kai, freya] {
                for (index, type) in kinds.enumerated() {
                    rows.append(
                        NotificationBatch.Row(
                            child.userId, type: type, title: "\(type.rawValue) \(index)", message: "m",
                            childID: index % 2 == 0 ? child.id : nil,
                            at: Date()))
                }
            }
            // act
            try await NotificationBatch.store(rows, on: db.sql)
            try await NotificationBatch.store(
                [NotificationBatch.Row(kai.userId, type: .system, title: "about no child", message: "m", childID: nil, at: Date())],
                on: db.sql)
            // assert
            for child in [kai, freya] {
                let preference = try await NotificationPreference.find(child.userId, on: db) ?? NotificationPreference(userID: child.userId)
                let stored = try await client.notifications(token: child.token)
                let expected = kinds.enumerated().filter { preference.allows($0.element) }
                #expect(
                    Set(stored.map(\.title).filter { $0 != "about no child" })
                        == Set(expected.map { "\($0.element.rawValue) \($0.offset)" }))
                for notification in stored where notification.title != "about no child" {
                    let index = try #require(Int(notification.title.split(separator: " ").last ?? ""))
                    #expect(notification.type == kinds[index] && notification.childId == (index % 2 == 0 ? child.id : nil))
                }
            }
            #expect(try await client.notifications(token: kai.token).contains { $0.title == "about no child" && $0.childId == nil })
            #expect(try await client.notifications(token: freya.token).count < kinds.count)
        }
    }
}

extension NotificationTests {
    /// A list's unread count is of all the user's notifications, not of the page shown; with
    /// nothing to list, 0.
    @Test func aListsUnreadCountIsOfEveryNotificationNotThePage() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 10_00))])
            let kai = family.children[0]
            func list(_ query: String) async throws -> NotificationListResponse {
                try await client.call(.GET, "/api/v1/notifications?\(query)", token: kai.token)
            }
            var empty = try await list("limit=1")
            #expect(empty.notifications.isEmpty && empty.unreadCount == 0)
            for cents: Int64 in [1_00, 2_00, 3_00] { try await client.post(.credit, cents, to: kai, in: family, description: "Chores") }
            let oldest = try #require(try await list("limit=3").notifications.last)
            _ = try await client.send(.PATCH, "/api/v1/notifications/\(oldest.id)/read", token: kai.token)
            let page = try await list("limit=1")
            #expect(page.notifications.count == 1 && page.unreadCount == 2)
            let unreadPage = try await list("unreadOnly=true&limit=1")
            #expect(unreadPage.notifications.count == 1 && unreadPage.unreadCount == 2)
            #expect(try await list("limit=3").unreadCount == 2)
            try await client.send(.POST, "/api/v1/notifications/read", token: kai.token)
            empty = try await list("unreadOnly=true&limit=5")
            #expect(empty.notifications.isEmpty && empty.unreadCount == 0)
            #expect(try await list("limit=5").notifications.count == 3)
        }
    }

    /// The list is newest first whatever each notification's state: read and unread ones
    /// that alternate in time come back in that order, cut at the limit, and the unread list
    /// holds only the unread, newest first.
    @Test func readAndUnreadNotificationsListNewestFirstTogether() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 10_00))])
            let kai = family.children[0]
            var titles: [String] = []
            for cents: Int64 in [1_00, 2_00, 3_00, 4_00, 5_00, 6_00] {
                client.now.value += 60
                try await client.post(.credit, cents, to: kai, in: family, description: "Chores")
                titles.insert("You received \(Money(cents: cents).formatted)", at: 0)
            }
            let all: NotificationListResponse = try await client.call(.GET, "/api/v1/notifications?limit=6", token: kai.token)
            #expect(all.notifications.map(\.title) == titles)
            // Every other one read: $5, $3 and $1.
            for notification in all.notifications.enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) {
                try await client.send(.PATCH, "/api/v1/notifications/\(notification.id)/read", token: kai.token)
            }
            let page: NotificationListResponse = try await client.call(.GET, "/api/v1/notifications?limit=4", token: kai.token)
            #expect(page.notifications.map(\.title) == Array(titles.prefix(4)))
            #expect(page.notifications.map(\.isRead) == [false, true, false, true])
            #expect(page.unreadCount == 3)
            let unread: NotificationListResponse = try await client.call(
                .GET, "/api/v1/notifications?unreadOnly=true&limit=2", token: kai.token)
            #expect(unread.notifications.map(\.title) == ["You received $6.00", "You received $4.00"])
        }
    }
}
