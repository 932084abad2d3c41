import AllowanceAPI
import AllowanceCore
import FluentPostgresDriver
import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// Kept answers to reads: served again only while nothing their family can see has changed,
/// whoever changed it, and never to anyone but the session they were made for (or, for a read
/// that is the same for every viewer of one child, anyone who may see that child:
/// `ResponseCachePerChildTests`).
@Suite struct ResponseCacheTests {
    func version(of familyID: UUID, on client: TestClient) async throws -> Int64 {
        struct Row: Decodable { let data_version: Int64 }
        let row = try await client.app.db.sql.raw("SELECT data_version FROM families WHERE id = \(bind: familyID)").first(
            decoding: Row.self)
        return try #require(row).data_version
    }

    /// Reads served from kept answers so far (`METRICS=1`'s counter).
    func hits(_ client: TestClient) async throws -> Double {
        try #require(try await client.scrape().value(ServerMetrics.Name.cacheLookups, ["outcome": "hit"]))
    }

    /// A column to set to itself: a change to the row that changes nothing in it.
    func firstColumn(of table: String, on client: TestClient) async throws -> String {
        let sql = client.app.db.sql
        guard sql.isPostgres else { return "rowid" }
        struct Column: Decodable { let name: String }
        let column = try await sql.raw(
            """
            SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema()
            AND table_name = \(bind: table) ORDER BY ordinal_position LIMIT 1
            """
        ).first(decoding: Column.self)
        return try #require(column).name
    }

    func familyID(of child: TestChild, on client: TestClient) async throws -> UUID {
        let me: UserResponse = try await client.call(.GET, "/api/v1/auth/me", token: child.token)
        return me.familyId
    }

    @Test func everyTableIsWatchedOrSaysWhyNot() async throws {
        try await withApp { client in
            struct Name: Decodable { let name: String }
            let sql = client.app.db.sql
            let tables = try await sql.raw(
                sql.isPostgres
                    ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
                    : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            ).all(decoding: Name.self).map(\.name)
            // `families` has its own trigger.
            let watched = Set(AddFamilyDataVersion.watched.map(\.table) + ["families"])
            let unlisted = tables.filter { !watched.contains($0) && AddFamilyDataVersion.unwatched[$0] == nil }
            #expect(unlisted.isEmpty, "in neither list (can a read show their rows?): \(unlisted)")
            let triggers = Set(
                try await sql.raw(
                    sql.isPostgres
                        ? "SELECT tgname AS name FROM pg_trigger WHERE NOT tgisinternal AND tgrelid IN (SELECT oid FROM pg_class WHERE relnamespace = current_schema()::regnamespace)"
                        : "SELECT name FROM sqlite_master WHERE type = 'trigger'"
                ).all(decoding: Name.self).map(\.name).filter { !$0.hasPrefix(PostingGroupsTests.testTriggerPrefix) })
            // PostgreSQL's moves wait for the commit, in one more trigger. The day totals move
            // the numbers through their ledger rows (`NarrowDataVersionTriggers`).
            let triggered = AddFamilyDataVersion.triggerNames.filter { !NarrowDataVersionTriggers.dropped.contains($0) }
            let expected = sql.isPostgres ? triggered + ["data_version_apply"] : triggered
            #expect(triggers == Set(expected))
        }
    }

    /// Each watched table's rows of a family, changed or removed behind the server's back (by
    /// hand, as another process would), move that family's number and no other family's.
    @Test func aChangeToAnyOfAFamilysRowsMovesItsNumber() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 5_000))])
            let other = try await client.family(children: [("Ada", Money(cents: 5_000))])
            let kai = family.children[0]
            let id = try await familyID(of: kai, on: client)
            let otherID = try await familyID(of: other.children[0], on: client)
            // Rows in most tables: a goal (with milestones), a debit, a notification, preferences.
            let goal = try await client.createGoal(for: kai, in: family, target: 9_000)
            #expect(try await client.contribute(500, to: goal, token: kai.token).status == .ok)
            #expect(try await client.post(.debit, 100, to: kai, in: family).status == .created)
            let preferences = NotificationPreferencesDto(weeklySummaryEnabled: false)
            #expect(try await client.send(.PUT, "/api/v1/notifications/preferences", token: kai.token, json: preferences).status == .ok)

            var changed: [String] = []
            let untriggered = NarrowDataVersionTriggers.untriggered
            for (table, owner) in AddFamilyDataVersion.watched where table != "transaction_templates" && !untriggered.contains(table) {
                // The family's rows as the deadlines query finds them; the triggers find the family
                // from each row the other way round, so this checks the two agree.
                let mine = owner.rows(of: table, in: "'\(id.uuidString)'")
                struct Count: Decodable { let n: Int }
                let rows = try await client.app.db.sql.raw("SELECT count(*) AS n FROM \(unsafeRaw: table) WHERE \(unsafeRaw: mine)")
                    .first(decoding: Count.self)
                guard let rows, rows.n > 0 else { continue }
                let before = try await version(of: id, on: client)
                let otherBefore = try await version(of: otherID, on: client)
                let column = try await firstColumn(of: table, on: client)
                try await client.app.db.sql.raw(
                    "UPDATE \(unsafeRaw: table) SET \(unsafeRaw: column) = \(unsafeRaw: column) WHERE \(unsafeRaw: mine)"
                )
                .run()
                #expect(try await version(of: id, on: client) > before, "changing \(table) did not move the number")
                #expect(try await version(of: otherID, on: client) == otherBefore, "changing \(table) moved another family's")
                changed.append(table)
            }
            // The family above has rows in these, at least; removing one moves the number too.
            for table in [
                "users", "children", "transactions", "child_daily_totals", "notifications", "savings_goals",
                "savings_contributions", "goal_milestones", "notification_preferences",
            ] where !untriggered.contains(table) {
                #expect(changed.contains(table), "no row of \(table) to change")
            }
            let before = try await version(of: id, on: client)
            try await client.app.db.sql.raw("DELETE FROM goal_milestones WHERE goal_id = \(bind: goal.id)").run()
            #expect(try await version(of: id, on: client) > before)
        }
    }

    @Test func aGlobalTemplateChangeMovesEveryFamilysNumber() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let id = try await familyID(of: family.children[0], on: client)
            let before = try await version(of: id, on: client)
            // Seen inside a transaction that is then undone: the tests share PostgreSQL's
            // database, and every family's number moving would end other tests' kept answers
            // while they count them. PostgreSQL's moves wait for the commit, so they are asked
            // for at once.
            struct Seen: Error { let version: Int64 }
            do {
                try await client.app.db.transaction { transaction in
                    let sql = transaction.sql
                    if sql.isPostgres { try await sql.raw("SET CONSTRAINTS ALL IMMEDIATE").run() }
                    try await sql.raw("UPDATE transaction_templates SET name = name WHERE family_id IS NULL").run()
                    struct Row: Decodable { let data_version: Int64 }
                    let row = try await sql.raw("SELECT data_version FROM families WHERE id = \(bind: id)").first(decoding: Row.self)
                    throw Seen(version: try #require(row).data_version)
                }
            } catch let seen as Seen {
                #expect(seen.version > before)
            }
            #expect(try await version(of: id, on: client) == before)
        }
    }

    @Test func aRepeatedReadIsServedAgainUntilItsFamilyChanges() async throws {
        try await withApp(metrics: true) { client in
            #expect(client.app.responseCache != nil)
            let family = try await client.family(children: [("Kai", Money(cents: 10_000))])
            let other = try await client.family(children: [("Ada", Money(cents: 10_000))])
            let kai = family.children[0]
            let first = try await client.send(.GET, "/api/v1/dashboard/child", token: kai.token)
            let before = try await hits(client)
            let second = try await client.send(.GET, "/api/v1/dashboard/child", token: kai.token)
            #expect(try await hits(client) == before + 1)
            #expect(second.body.string == first.body.string)
            // Another family's money moving changes nothing here.
            #expect(try await client.post(.debit, 100, to: other.children[0], in: other).status == .created)
            _ = try await client.send(.GET, "/api/v1/dashboard/child", token: kai.token)
            #expect(try await hits(client) == before + 2)
            // This family's does, at once.
            #expect(try await client.post(.debit, 2_550, to: kai, in: family, description: "Book").status == .created)
            let after: ChildDashboard = try await client.call(.GET, "/api/v1/dashboard/child", token: kai.token)
            #expect(after.currentBalance == Money(cents: 7_450))
            #expect(after.recentTransactions.first?.description == "Book")
        }
    }

    /// PostgreSQL moves a family's number when a write commits (`AddDataVersionOnPostgres`), so
    /// two writes in one family that each wait for a row the other changed first both commit.
    /// Had it moved with each statement, the first would hold the family's row while it waited
    /// for Freya's, and the second, holding Freya's, would wait for the family's.
    @Test(.enabled(if: testPostgresURL != nil)) func twoWritesOfAFamilyWaitingOnEachOthersRowsBothCommit() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero), ("Freya", .zero)])
            let (kai, freya) = (family.children[0].id, family.children[1].id)
            let id = try await familyID(of: family.children[0], on: client)
            let before = try await version(of: id, on: client)
            let url = try #require(testPostgresURL)
            let configuration = try SQLPostgresConfiguration(url: url).coreConfiguration
            let logger = client.app.logger
            let loop = client.app.eventLoopGroup.next()
            let first = try await PostgresConnection.connect(on: loop, configuration: configuration, id: 1, logger: logger)
            let second = try await PostgresConnection.connect(on: loop, configuration: configuration, id: 2, logger: logger)
            @Sendable func run(_ connection: PostgresConnection, _ query: PostgresQuery) async throws {
                _ = try await connection.query(query, logger: logger)
            }
            for connection in [first, second] {
                try await run(connection, "BEGIN")
                // Fails the test rather than hanging it if the two ever wait on each other.
                try await run(connection, "SET LOCAL lock_timeout = '10s'")
            }
            try await run(first, "UPDATE children SET family_id = family_id WHERE id = \(kai)")
            try await run(second, "UPDATE children SET family_id = family_id WHERE id = \(freya)")
            // The first now waits for Freya's row until the second commits.
            async let firstCommitted: Void = {
                try await run(first, "UPDATE children SET family_id = family_id WHERE id = \(freya)")
                try await run(first, "COMMIT")
            }()
            try await Task.sleep(for: .milliseconds(200))
            try await run(second, "COMMIT")
            try await firstCommitted
            try await first.close()
            try await second.close()
            #expect(try await version(of: id, on: client) == before + 2)
        }
    }

    /// As the CLI, a job on another server or a hand-made fix would change it: straight in the
    /// database, with nothing told.
    @Test func aChangeMadeOutsideTheServerIsSeenByTheNextRead() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            for _ in 0..<2 {
                let me: UserResponse = try await client.call(.GET, "/api/v1/auth/me", token: kai.token)
                #expect(me.firstName == "Kai")
            }
            try await client.app.db.sql.raw("UPDATE users SET first_name = 'Kaia' WHERE id = \(bind: kai.userId)").run()
            let me: UserResponse = try await client.call(.GET, "/api/v1/auth/me", token: kai.token)
            #expect(me.firstName == "Kaia")
        }
    }

    @Test func aKeptAnswerIsNeverServedToWhoMayNotSeeItOrAfterSignOut() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 1_000)), ("Freya", Money(cents: 2_000))])
            let (kai, freya) = (family.children[0], family.children[1])
            let path = "/api/v1/children/\(kai.id)/transactions?limit=20"
            for _ in 0..<2 {
                #expect(try await client.send(.GET, path, token: family.parent.token).status == .ok)
                #expect(try await client.send(.GET, path, token: kai.token).status == .ok)
                #expect([.forbidden, .notFound].contains(try await client.send(.GET, path, token: freya.token).status))
            }
            #expect(try await client.send(.POST, "/api/v1/auth/logout", token: kai.token).status.code < 300)
            #expect(try await client.send(.GET, path, token: kai.token).status == .unauthorized)
        }
    }

    @Test func aNewMinuteIsANewAnswer() async throws {
        try await withApp(metrics: true) { client in
            #expect(client.app.responseCache != nil)
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            // testStart is a whole minute: 18:30:00.
            _ = try await client.send(.GET, "/api/v1/dashboard/child", token: kai.token)
            client.now.value = testStart.addingTimeInterval(59)
            let before = try await hits(client)
            _ = try await client.send(.GET, "/api/v1/dashboard/child", token: kai.token)
            #expect(try await hits(client) == before + 1)
            client.now.value = testStart.addingTimeInterval(60)
            _ = try await client.send(.GET, "/api/v1/dashboard/child", token: kai.token)
            #expect(try await hits(client) == before + 1)
        }
    }

    /// A matching offer that ends at 18:30:30.5 is over at that instant, though nothing is
    /// written and the minute has not changed.
    @Test func aDeadlinePassingIsSeenAtOnce() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            let ends = testStart.addingTimeInterval(30.5)
            try await client.match(goal, .ratioMatch, ratio: "0.5", expiresAt: ends, in: family)
            let path = "/api/v1/savings-goals/\(goal.id)/matching"
            for _ in 0..<2 {
                let rule: MatchingRuleDto = try await client.call(.GET, path, token: kai.token)
                #expect(rule.isActive && !rule.isExpired)
            }
            client.now.value = ends.addingTimeInterval(-0.25)
            let before: MatchingRuleDto = try await client.call(.GET, path, token: kai.token)
            #expect(before.isActive)
            client.now.value = ends
            let after: MatchingRuleDto = try await client.call(.GET, path, token: kai.token)
            #expect(!after.isActive && after.isExpired)
            #expect(try await client.goal(goal.id, token: kai.token).matchingRule?.isActive == false)
        }
    }

    /// Every instant stored in a family's tables is either a deadline the cache watches for or
    /// says it is not one.
    @Test func everyStoredInstantIsADeadlineOrSaysWhyNot() async throws {
        try await withApp { client in
            struct Column: Decodable { let name: String }
            let deadlines = Set(FamilyDeadlines.columns.map { "\($0.table).\($0.column)" })
            var unlisted: [String] = []
            for table in AddFamilyDataVersion.watched.map(\.table) + ["families"] {
                let sql = client.app.db.sql
                let columns = try await sql.raw(
                    sql.isPostgres
                        ? """
                        SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema()
                        AND table_name = \(bind: table) AND data_type IN ('timestamp with time zone', 'timestamp without time zone', 'double precision', 'real')
                        """
                        : "SELECT name FROM pragma_table_info(\(bind: table)) WHERE type IN ('REAL', 'DOUBLE')"
                ).all(decoding: Column.self)
                for column in columns.map({ "\(table).\($0.name)" })
                where !deadlines.contains(column) && !FamilyDeadlines.notDeadlines.contains(column) {
                    unlisted.append(column)
                }
            }
            #expect(unlisted.isEmpty, "neither a deadline nor said not to be: \(unlisted)")
        }
    }

    /// A page carries the CSRF token of its request's cookie in its forms: one asked for
    /// without the cookie is given a new token and is not kept; one with it is kept and
    /// served again with that same token.
    @Test func aPageIsKeptOnlyForItsCSRFCookie() async throws {
        try await withApp(metrics: true) { client in
            #expect(client.app.responseCache != nil)
            let family = try await client.family(children: [("Kai", .zero)])
            // The child page has forms (quick add, pause).
            let path = "/children/\(family.children[0].id)"
            let session = "\(WebSession.cookieName)=\(family.parent.token)"
            var tokens: Set<String> = []
            for _ in 0..<2 {
                let page = try await client.send(.GET, path, headers: [("Cookie", session)])
                #expect(page.status == .ok)
                tokens.insert(try #require(page.headers.setCookie?[CSRFMiddleware.cookieName]?.string))
            }
            #expect(tokens.count == 2)
            let csrf = String(repeating: "ab", count: 32)
            let cookie = "\(session); \(CSRFMiddleware.cookieName)=\(csrf)"
            _ = try await client.send(.GET, path, headers: [("Cookie", cookie)])
            let before = try await hits(client)
            let again = try await client.send(.GET, path, headers: [("Cookie", cookie)])
            #expect(try await hits(client) == before + 1)
            #expect(again.body.string.contains(csrf))
        }
    }

    /// The numbers beside the family's (`AddChildDataVersion`): the shared one and each child's.
    /// The family's own number, `families.data_version`.
    func familyNumber(of familyID: UUID, on client: TestClient) async throws -> Int64 {
        struct Row: Decodable { let n: Int64 }
        let row = try await client.app.db.sql.raw("SELECT data_version AS n FROM families WHERE id = \(bind: familyID)").first(
            decoding: Row.self)
        return try #require(row).n
    }

    func numbers(of familyID: UUID, children: [TestChild], on client: TestClient) async throws -> [Int64] {
        struct Row: Decodable { let n: Int64 }
        let sql = client.app.db.sql
        let shared = try await sql.raw("SELECT shared_version AS n FROM families WHERE id = \(bind: familyID)").first(
            decoding: Row.self)
        var numbers = [try #require(shared).n]
        for child in children {
            // SQLite keeps the number on the child's row (`KeepChildNumbersOnTheirRows`).
            let query: SQLQueryString =
                sql.isPostgres
                ? "SELECT version AS n FROM child_data_versions WHERE child_id = \(bind: child.id)"
                : "SELECT data_version AS n FROM children WHERE id = \(bind: child.id)"
            let row = try await sql.raw(query).first(decoding: Row.self)
            numbers.append(row?.n ?? 0)
        }
        return numbers
    }

    /// Each watched table's rows of one child, changed behind the server's back, move that
    /// child's number and neither the family's shared one nor a sister's; the family's own rows
    /// (templates, a parent's, settings) move the shared one. With `data_version` every time.
    @Test func aChildsRowsMoveItsNumberAndTheFamilysMoveTheSharedOne() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 5_000)), ("Freya", Money(cents: 5_000))])
            let (kai, freya) = (family.children[0], family.children[1])
            let id = try await familyID(of: kai, on: client)
            for child in [kai, freya] {
                let goal = try await client.createGoal(for: child, in: family, target: 9_000)
                #expect(try await client.contribute(500, to: goal, token: child.token).status == .ok)
                #expect(try await client.post(.debit, 100, to: child, in: family).status == .created)
            }
            let use = UseTemplateDto(childId: kai.id)
            #expect(
                try await client.send(.POST, "/api/v1/templates/\(TemplateTests.lunch)/use", token: family.parent.token, json: use).status
                    == .created)
            let preferences = NotificationPreferencesDto(weeklySummaryEnabled: false)
            #expect(try await client.send(.PUT, "/api/v1/notifications/preferences", token: kai.token, json: preferences).status == .ok)
            #expect(
                try await client.send(.PUT, "/api/v1/notifications/preferences", token: family.parent.token, json: preferences).status
                    == .ok)

            let kaiID = "'\(kai.id.uuidString)'"
            let kaiUser = "'\(kai.userId.uuidString)'"
            var changed: (child: [String], shared: [String], familyOnly: [String]) = ([], [], [])
            let untriggered = NarrowDataVersionTriggers.untriggered
            for (table, owner) in AddFamilyDataVersion.watched where table != "transaction_templates" && !untriggered.contains(table) {
                // Kai's rows of the table, or the family's when its rows are no one child's.
                let kais: String? =
                    switch owner {
                    case .child(let column): "\(column) = \(kaiID)"
                    case .goal: "goal_id IN (SELECT id FROM savings_goals WHERE child_id = \(kaiID))"
                    case .user(let column): "\(column) = \(kaiUser)"
                    case .family, .familyOrAll: table == "children" ? "id = \(kaiID)" : nil
                    }
                let rows = kais ?? owner.rows(of: table, in: "'\(id.uuidString)'")
                struct Count: Decodable { let n: Int }
                let count = try await client.app.db.sql.raw("SELECT count(*) AS n FROM \(unsafeRaw: table) WHERE \(unsafeRaw: rows)")
                    .first(decoding: Count.self)
                guard let count, count.n > 0 else { continue }
                let before = try await numbers(of: id, children: [kai, freya], on: client)
                let familyBefore = try await version(of: id, on: client)
                let column = try await firstColumn(of: table, on: client)
                try await client.app.db.sql.raw(
                    "UPDATE \(unsafeRaw: table) SET \(unsafeRaw: column) = \(unsafeRaw: column) WHERE \(unsafeRaw: rows)"
                ).run()
                let after = try await numbers(of: id, children: [kai, freya], on: client)
                #expect(try await version(of: id, on: client) > familyBefore, "changing \(table) did not move data_version")
                #expect(after[2] == before[2], "changing \(table) moved Freya's number")
                if MoveTemplateUsageOffTheSharedNumber.familyOnly.contains(table) {
                    #expect(after == before, "the family's \(table) moves only data_version: \(before) -> \(after)")
                    changed.familyOnly.append(table)
                } else if kais != nil {
                    #expect(after[1] > before[1] && after[0] == before[0], "Kai's \(table): \(before) -> \(after)")
                    changed.child.append(table)
                } else {
                    #expect(after[0] > before[0] && after[1] == before[1], "the family's \(table): \(before) -> \(after)")
                    changed.shared.append(table)
                }
            }
            for table in [
                "children", "transactions", "child_daily_totals", "notifications", "savings_goals", "savings_contributions",
                "goal_milestones", "notification_preferences",
            ] where !untriggered.contains(table) {
                #expect(changed.child.contains(table), "no row of Kai's in \(table) to change")
            }
            #expect(changed.shared.contains("users"))
            #expect(changed.familyOnly == MoveTemplateUsageOffTheSharedNumber.familyOnly, "no usage counts to change")

            // A parent's preferences are the family's; a child added or removed changes the family's list.
            var before = try await numbers(of: id, children: [kai, freya], on: client)
            let column = try await firstColumn(of: "notification_preferences", on: client)
            try await client.app.db.sql.raw(
                "UPDATE notification_preferences SET \(unsafeRaw: column) = \(unsafeRaw: column) WHERE id = \(bind: family.parent.userId)"
            ).run()
            var after = try await numbers(of: id, children: [kai, freya], on: client)
            #expect(after[0] > before[0] && after[1] == before[1] && after[2] == before[2])
            before = after
            try await client.app.db.sql.raw("DELETE FROM children WHERE id = \(bind: freya.id)").run()
            after = try await numbers(of: id, children: [kai], on: client)
            #expect(after[0] > before[0] && after[1] == before[1])
        }
    }

    /// A kept read of one child is served again after a write to a sister, and never after one
    /// to the child or to the family.
    @Test func aChildsKeptReadOutlivesASistersWritesOnly() async throws {
        try await withApp(metrics: true) { client in
            let family = try await client.family(children: [("Kai", Money(cents: 5_000)), ("Freya", Money(cents: 5_000))])
            let (kai, freya) = (family.children[0], family.children[1])
            let path = "/api/v1/children/\(kai.id)/transactions?limit=20"
            let first = try await client.send(.GET, path, token: family.parent.token)
            var before = try await hits(client)
            #expect(try await client.send(.GET, path, token: family.parent.token).body.string == first.body.string)
            #expect(try await hits(client) == before + 1)

            #expect(try await client.post(.debit, 100, to: freya, in: family).status == .created)
            before = try await hits(client)
            #expect(try await client.send(.GET, path, token: family.parent.token).body.string == first.body.string)
            #expect(try await hits(client) == before + 1, "a sister's debit")

            #expect(try await client.post(.debit, 250, to: kai, in: family, description: "Comic").status == .created)
            before = try await hits(client)
            let page: TransactionListResponse = try await client.call(.GET, path, token: family.parent.token)
            #expect(try await hits(client) == before)
            #expect(page.transactions.first?.description == "Comic")

            try await client.app.db.sql.raw("UPDATE users SET first_name = 'Pat' WHERE id = \(bind: family.parent.userId)").run()
            before = try await hits(client)
            _ = try await client.send(.GET, path, token: family.parent.token)
            #expect(try await hits(client) == before, "a parent's name is on the ledger's rows")
        }
    }

    /// The same for a page: the session lookup names the child of the page's path too.
    @Test func aChildsKeptPageOutlivesASistersWritesOnly() async throws {
        try await withApp(metrics: true) { client in
            let family = try await client.family(children: [("Kai", Money(cents: 5_000)), ("Freya", Money(cents: 5_000))])
            let (kai, freya) = (family.children[0], family.children[1])
            let path = "/children/\(kai.id)"
            let csrf = String(repeating: "ab", count: 32)
            let cookie = "\(WebSession.cookieName)=\(family.parent.token); \(CSRFMiddleware.cookieName)=\(csrf)"
            let first = try await client.send(.GET, path, headers: [("Cookie", cookie)])
            #expect(first.status == .ok)
            #expect(try await client.post(.debit, 100, to: freya, in: family).status == .created)
            var before = try await hits(client)
            #expect(try await client.send(.GET, path, headers: [("Cookie", cookie)]).body.string == first.body.string)
            #expect(try await hits(client) == before + 1, "a sister's debit")
            #expect(try await client.post(.debit, 250, to: kai, in: family, description: "Comic").status == .created)
            before = try await hits(client)
            let page = try await client.send(.GET, path, headers: [("Cookie", cookie)])
            #expect(try await hits(client) == before)
            #expect(page.body.string.contains("Comic"))
        }
    }
}

extension ResponseCacheTests {
    /// Every read a child's own login makes is a read of that child: their dashboard and their
    /// notifications outlive a sister's writes, and never one of their own or the family's.
    @Test func aChildsOwnReadsOutliveASistersWritesOnly() async throws {
        try await withApp(metrics: true) { client in
            let family = try await client.family(children: [("Kai", Money(cents: 5_000)), ("Freya", Money(cents: 5_000))])
            let (kai, freya) = (family.children[0], family.children[1])
            for path in ["/api/v1/dashboard/child", "/api/v1/notifications?limit=20"] {
                let first = try await client.send(.GET, path, token: kai.token)
                #expect(first.status == .ok)
                #expect(try await client.post(.debit, 100, to: freya, in: family).status == .created)
                var before = try await hits(client)
                #expect(try await client.send(.GET, path, token: kai.token).body.string == first.body.string)
                #expect(try await hits(client) == before + 1, "a sister's debit, \(path)")

                #expect(try await client.post(.debit, 250, to: kai, in: family, description: "Comic").status == .created)
                before = try await hits(client)
                let mine = try await client.send(.GET, path, token: kai.token)
                #expect(try await hits(client) == before, "Kai's own debit, \(path)")
                #expect(mine.body.string.contains("Comic"))

                try await client.app.db.sql.raw("UPDATE users SET first_name = 'Pat' WHERE id = \(bind: family.parent.userId)").run()
                before = try await hits(client)
                _ = try await client.send(.GET, path, token: kai.token)
                #expect(try await hits(client) == before, "a parent's name is shared, \(path)")
            }
        }
    }
}

extension ResponseCacheTests {
    /// The narrowed triggers, on either database: a balance, a goal's amount or a day's totals
    /// changed alone (by hand) move no number, since the ledger or goal row written with them
    /// does; any other change to the same rows still moves the child's.
    @Test func aMoneyColumnChangedAloneMovesNoNumberAndAnythingElseDoes() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 5_000))])
            let kai = family.children[0]
            let id = try await familyID(of: kai, on: client)
            let goal = try await client.createGoal(for: kai, in: family, target: 9_000)
            #expect(try await client.contribute(500, to: goal, token: kai.token).status == .ok)
            let sql = client.app.db.sql
            let kaiID = "'\(kai.id.uuidString)'"
            let goalID = "'\(goal.id.uuidString)'"
            let alone = [
                "UPDATE children SET balance_cents = balance_cents + 1 WHERE id = \(kaiID)",
                "UPDATE savings_goals SET current_amount_cents = current_amount_cents + 1 WHERE id = \(goalID)",
                "UPDATE child_daily_totals SET entry_count = entry_count + 1 WHERE child_id = \(kaiID)",
            ]
            for statement in alone {
                let (before, familyBefore) = (try await numbers(of: id, children: [kai], on: client), try await version(of: id, on: client))
                try await sql.raw(SQLQueryString(statement)).run()
                #expect(try await numbers(of: id, children: [kai], on: client) == before, "\(statement) moved a number")
                #expect(try await version(of: id, on: client) == familyBefore, "\(statement) moved data_version")
            }
            let withMore = [
                "UPDATE children SET weekly_allowance_cents = weekly_allowance_cents + 1 WHERE id = \(kaiID)",
                "UPDATE savings_goals SET priority = priority + 1 WHERE id = \(goalID)",
            ]
            for statement in withMore {
                let before = try await numbers(of: id, children: [kai], on: client)
                try await sql.raw(SQLQueryString(statement)).run()
                let after = try await numbers(of: id, children: [kai], on: client)
                #expect(after[1] > before[1] && after[0] == before[0], "\(statement): \(before) -> \(after)")
            }
        }
    }

    /// A balance, a goal's amount, the day totals and a goal row with its ledger row move the
    /// numbers only through the ledger row written with them (`NarrowDataVersionTriggers`): a
    /// child's kept reads still end at every move of their money, a gift and a payday's batch
    /// included.
    @Test func everyMoveOfAChildsMoneyEndsTheirKeptReads() async throws {
        try await withApp(metrics: true) { client in
            var family = try await client.family()
            let kai = try await client.addChild(to: family, name: "Kai", balance: Money(cents: 50_00), day: .sunday)
            family.children = [kai]
            let goal = try await client.createGoal(for: kai, in: family, target: 90_00)
            let reads = ["/api/v1/dashboard/child", "/api/v1/children/\(kai.id)/savings-goals"]

            /// Each read twice: the second is a kept answer. Returns the bodies.
            func keptReads() async throws -> [String] {
                var bodies: [String] = []
                for path in reads {
                    let first = try await client.send(.GET, path, token: kai.token)
                    let before = try await hits(client)
                    #expect(try await client.send(.GET, path, token: kai.token).body.string == first.body.string)
                    #expect(try await hits(client) == before + 1, "\(path) was not kept")
                    bodies.append(first.body.string)
                }
                return bodies
            }
            /// Each read once more: none is a kept answer, and those of `changed` (the dashboard,
            /// for its balance, unless said otherwise) show something new.
            func expectFresh(after kept: [String], _ move: String, changed: Set<Int> = [0]) async throws {
                for (index, (path, old)) in zip(reads, kept).enumerated() {
                    let before = try await hits(client)
                    let body = try await client.send(.GET, path, token: kai.token).body.string
                    #expect(try await hits(client) == before, "\(path) was served kept after \(move)")
                    if changed.contains(index) { #expect(body != old, "\(path) did not change after \(move)") }
                }
            }

            var kept = try await keptReads()
            #expect(try await client.contribute(5_00, to: goal, token: kai.token).status == .ok)
            try await expectFresh(after: kept, "a contribution", changed: [0, 1])

            kept = try await keptReads()
            #expect(try await client.post(.credit, 2_00, to: kai, in: family).status == .created)
            try await expectFresh(after: kept, "a credit")

            // A gift names no ledger row: its goal row moves the numbers itself.
            kept = try await keptReads()
            let gift = try await client.send(
                .POST, "/api/v1/savings-goals/\(goal.id)/gift", token: family.parent.token,
                json: GiftToGoalDto(amount: Money(cents: 3_00), type: .parentGift))
            #expect(gift.status == .ok)
            try await expectFresh(after: kept, "a gift", changed: [1])

            // Sunday's payday, local midnight in New York: the clock is put there first, so
            // only the payday can end the answers kept at that minute.
            client.now.value = utc("2026-11-22T05:00:30Z")
            kept = try await keptReads()
            #expect(await client.runJobs(at: utc("2026-11-22T05:00:30Z"), for: family)["payday"] == 1)
            try await expectFresh(after: kept, "a payday")

            // The gift above also told Kai, which moves his number on its own; a goal row that
            // names no ledger row, written behind the server's back, moves it by itself.
            let sql = client.app.db.sql
            let before = try await numbers(of: family.parent.familyId, children: [kai], on: client)
            try await sql.raw(
                """
                INSERT INTO savings_contributions (id, goal_id, child_id, amount_cents, type, goal_balance_after_cents, created_at, entry_number)
                SELECT \(unsafeRaw: sql.isPostgres ? "gen_random_uuid()" : "upper(hex(randomblob(16)))"), goal_id, child_id, 1, type,
                       goal_balance_after_cents + 1, created_at, entry_number + 1
                FROM savings_contributions WHERE goal_id = \(bind: goal.id) ORDER BY entry_number DESC LIMIT 1
                """
            ).run()
            let after = try await numbers(of: family.parent.familyId, children: [kai], on: client)
            #expect(after[1] > before[1] && after[0] == before[0], "a goal row without a ledger row: \(before) -> \(after)")
        }
    }
}

extension ResponseCacheTests {
    /// A payday batch holds the ledger's and the notifications' triggers on SQLite and moves the
    /// numbers once at its end (`DataVersionHold`): the paid child's number and the family's
    /// move, a sister not paid that day keeps hers, and the triggers run again afterwards.
    @Test func aPaydayBatchMovesThePaidChildsNumbersAndLetsTheTriggersRunAgain() async throws {
        try await withApp { client in
            var family = try await client.family()
            let kai = try await client.addChild(to: family, name: "Kai", balance: Money(cents: 50_00), day: .sunday)
            let freya = try await client.addChild(to: family, name: "Freya", balance: Money(cents: 50_00), day: .wednesday)
            family.children = [kai, freya]
            let sql = client.app.db.sql

            let before = try await numbers(of: family.parent.familyId, children: [kai, freya], on: client)
            let familyBefore = try await familyNumber(of: family.parent.familyId, on: client)
            // Sunday's payday, local midnight in New York: Kai's, not Freya's.
            #expect(await client.runJobs(at: utc("2026-11-22T05:00:30Z"), for: family)["payday"] == 1)
            let after = try await numbers(of: family.parent.familyId, children: [kai, freya], on: client)
            #expect(after[1] > before[1], "Kai's number did not move: \(before) -> \(after)")
            #expect(after[2] == before[2], "Freya's number moved: \(before) -> \(after)")
            #expect(try await familyNumber(of: family.parent.familyId, on: client) > familyBefore)
            if !sql.isPostgres {
                struct Count: Decodable { let n: Int }
                let holds = try await sql.raw("SELECT COUNT(*) AS n FROM data_version_holds").first(decoding: Count.self)
                #expect(holds?.n == 0, "the batch left its hold")
            }

            // The triggers run again: a credit to Freya moves her number.
            #expect(try await client.post(.credit, 1_00, to: freya, in: family).status == .created)
            let later = try await numbers(of: family.parent.familyId, children: [kai, freya], on: client)
            #expect(later[2] > after[2], "Freya's credit did not move her number: \(after) -> \(later)")
        }
    }

    /// A template's use for one child keeps a sister's kept reads, her page with its quick-add
    /// grid among them (no counts on it); the reads that show the counts (her template list, her
    /// quick-actions widget, in order of use) are made afresh with the new count.
    @Test func aTemplateUseKeepsASistersReadsButNotTheCountsShown() async throws {
        try await withApp(metrics: true) { client in
            let family = try await client.family(children: [("Kai", Money(cents: 5_000)), ("Freya", Money(cents: 5_000))])
            let (kai, freya) = (family.children[0], family.children[1])
            let csrf = String(repeating: "ab", count: 32)
            let cookie = "\(WebSession.cookieName)=\(family.parent.token); \(CSRFMiddleware.cookieName)=\(csrf)"
            let kept: [(path: String, token: String?, headers: [(String, String)])] = [
                ("/api/v1/dashboard/child", kai.token, []),
                ("/api/v1/children/\(kai.id)/transactions?limit=20", family.parent.token, []),
                ("/children/\(kai.id)", nil, [("Cookie", cookie)]),
            ]
            let counted: [(path: String, token: String)] = [
                ("/api/v1/templates", kai.token),
                ("/api/v1/widgets/quick-actions/\(kai.id)", family.parent.token),
            ]
            func read(_ path: String, token: String?, headers: [(String, String)] = []) async throws -> String {
                let response = try await client.send(.GET, path, token: token, headers: headers)
                #expect(response.status == .ok, "\(path)")
                return response.body.string
            }
            var firsts: [String] = []
            for entry in kept { firsts.append(try await read(entry.path, token: entry.token, headers: entry.headers)) }
            for entry in counted { _ = try await read(entry.path, token: entry.token) }

            let game = TemplateTests.game
            let use = try await client.send(
                .POST, "/api/v1/templates/\(game)/use", token: family.parent.token,
                json: UseTemplateDto(childId: freya.id, amount: Money(cents: 3_00)))
            #expect(use.status == .created)

            for (index, entry) in kept.enumerated() {
                let before = try await hits(client)
                #expect(try await read(entry.path, token: entry.token, headers: entry.headers) == firsts[index], "\(entry.path)")
                #expect(try await hits(client) == before + 1, "a sister's template use, \(entry.path)")
            }
            let templates: [TransactionTemplateDto] = try await client.call(.GET, "/api/v1/templates", token: kai.token)
            #expect(templates.first { $0.id == game }?.usageCount == 1)
            let widget: QuickActionsWidgetDataDto = try await client.call(
                .GET, "/api/v1/widgets/quick-actions/\(kai.id)", token: family.parent.token)
            #expect(widget.templates.first?.id == game, "the most used first")
        }
    }
}
