import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import Synchronization
import Testing

@testable import AllowanceServer

/// SQLite's writers commit in groups (`GroupCommit`); PostgreSQL runs its transactions side by
/// side and has no group to test.
@Suite(.enabled(if: testPostgresURL == nil))
struct GroupCommitTests {
    /// 90 writers at once, every third refused after it posted: the refused ones leave no
    /// row and no cent behind, the others all commit, each caller gets its own answer, and
    /// the 90 shared far fewer transactions than one each.
    @Test func aRefusedWriterUndoesOnlyItsOwnWorkInASharedCommit() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            let context = client.app.context()
            let groupCommit = try #require(client.app.serverState.groupCommit)
            let groupsBefore = groupCommit.groups
            // act
            let answers = await withTaskGroup(of: (Int, Bool).self) { group in
                for index in 0..<90 {
                    group.addTask {
                        let answer = try? await context.write { db in
                            let posting = LedgerPosting(
                                childID: kai.id, type: .credit, amount: Money(cents: 1_00), description: "Writer \(index)", createdBy: nil,
                                at: context.now)
                            _ = try await LedgerService.post(posting, calendar: FamilyCalendar(timeZone: .gmt), on: db)
                            try await NotificationService.notify(
                                kai.userId, type: .transaction, title: "Writer \(index)", message: "posted", at: context.now, on: db)
                            if index % 3 == 0 { throw AppError.validation("Writer \(index) is refused") }
                            return index
                        }
                        return (index, answer == index)
                    }
                }
                return await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
            }
            // assert
            #expect(answers.count == 90)
            #expect(answers.allSatisfy { index, committed in committed == (index % 3 != 0) })
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 60_00))
            let ledger = try await client.ledger(of: kai, in: family, search: "Writer")
            #expect(Set(ledger.map(\.description)) == Set((0..<90).filter { $0 % 3 != 0 }.map { "Writer \($0)" }))
            // Only the committed writers' notifications were stored.
            let notifications: NotificationListResponse = try await client.call(.GET, "/api/v1/notifications?limit=200", token: kai.token)
            #expect(
                Set(notifications.notifications.map(\.title).filter { $0.hasPrefix("Writer") })
                    == Set((0..<90).filter { $0 % 3 != 0 }.map { "Writer \($0)" }))
            // Entry numbers and balances run without gaps: the undone writers left no hole.
            #expect(ledger.map(\.balanceAfter.cents).sorted() == (1...60).map { Int64($0) * 100 })
            let groups = groupCommit.groups - groupsBefore
            #expect(groups < 90, "90 writers at once took \(groups) transactions")
            let audit = try await client.audit(family)
            #expect(audit.isClean, "\(audit.summary)")
        }
    }

    /// Writers that name their family run beside other families' writers in a group, and
    /// each family's one at a time in the order they came. Four families, 15 writers each at
    /// once, every fifth refused after it posted: two families' writers were at work at the
    /// same moment, never two of one family; each ledger runs in order with its balances, the
    /// refused writers left nothing behind, and every family's audit is clean. The metrics show
    /// the group that held them open (one writer, together) and theirs, committed one by one.
    @Test func writersOfDifferentFamiliesRunSideBySideAndEachFamilysInTurn() async throws {
        try await withApp(metrics: true) { client in
            // setup
            var families: [TestFamily] = []
            for _ in 0..<4 { families.append(try await client.family(children: [("Kai", .zero)])) }
            let context = client.app.context()
            let atWork = WritersAtWork()
            // A writer keeps the group before theirs open until all 60 are queued, so that they
            // share the next one however slowly a busy machine starts them.
            let groupCommit = try #require(client.app.serverState.groupCommit)
            let groupsBefore = groupCommit.groups
            let metricsBefore = try await client.scrape()
            let holder = Task {
                try await context.write { _ in
                    while groupCommit.waiting < 60 { try await Task.sleep(for: .milliseconds(1)) }
                }
            }
            while groupCommit.groups == groupsBefore { try await Task.sleep(for: .milliseconds(1)) }
            // act
            let deadline = ContinuousClock.now + .seconds(30)
            let answers = await withTaskGroup(of: (Int, Bool).self) { group in
                for index in 0..<60 {
                    let familyID = families[index % 4].parent.familyId
                    let kai = families[index % 4].children[0]
                    group.addTask {
                        let answer = try? await context.write(family: familyID) { db in
                            atWork.enter(familyID)
                            defer { atWork.leave(familyID) }
                            let posting = LedgerPosting(
                                childID: kai.id, type: .credit, amount: Money(cents: 1_00), description: "Writer \(index)", createdBy: nil,
                                at: context.now)
                            _ = try await LedgerService.post(posting, calendar: FamilyCalendar(timeZone: .gmt), on: db)
                            // Long enough for a second writer of this family to overlap, were it let in.
                            try await Task.sleep(for: .milliseconds(2))
                            // The first writers wait for another family's to be at work too, which a busy
                            // machine may take a while to start; were families run one at a time, they
                            // would wait in vain until the deadline, and the expectation below fails.
                            while atWork.most.all < 2 && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
                            if index % 5 == 0 { throw AppError.validation("Writer \(index) is refused") }
                            return index
                        }
                        return (index, answer == index)
                    }
                }
                return await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
            }
            try await holder.value
            // assert
            #expect(answers.count == 60)
            #expect(answers.allSatisfy { index, committed in committed == (index % 5 != 0) })
            #expect(atWork.most.all > 1, "the families' writers ran one at a time")
            #expect(atWork.most.ofOneFamily == 1, "two writers of one family ran at once")
            let metrics = try await client.scrape()
            func change(_ series: String, _ run: String) -> Double {
                let labels = ["run": run]
                return (metrics.value(ServerMetrics.Name.writeGroups + series, labels) ?? 0)
                    - (metricsBefore.value(ServerMetrics.Name.writeGroups + series, labels) ?? 0)
            }
            #expect(change("_count", "together") == 1 && change("_sum", "together") == 1)
            #expect(change("_count", "one_by_one") == 1 && change("_sum", "one_by_one") == 60)
            for (number, family) in families.enumerated() {
                let kai = family.children[0]
                let committed = (0..<60).filter { $0 % 4 == number && $0 % 5 != 0 }
                #expect(try await client.balance(of: kai, in: family) == Money(cents: Int64(committed.count) * 1_00))
                // Oldest first: each entry's balance is the one before it plus its dollar.
                let ledger = try await client.ledger(of: kai, in: family, search: "Writer")
                #expect(ledger.map(\.balanceAfter.cents) == (1...committed.count).map { Int64($0) * 100 })
                #expect(Set(ledger.map(\.description)) == Set(committed.map { "Writer \($0)" }))
                let audit = try await client.audit(family)
                #expect(audit.isClean, "\(audit.summary)")
            }
        }
    }

    /// 60 credits at once, none refused: their groups store the notifications together after
    /// the last writer. Each credit's notification is there once, telling the balance that
    /// credit left, and the parent's low-balance warnings (none: credits only) are not invented.
    @Test func aGroupsNotificationsAreStoredOnceEachWithTheirOwnBalance() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            let groupCommit = try #require(client.app.serverState.groupCommit)
            let groupsBefore = groupCommit.groups
            // act
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for index in 0..<60 {
                    group.addTask { try await client.post(.credit, 1_00, to: kai, in: family, description: "Credit \(index)").status.code }
                }
                return try await group.reduce(into: [UInt]()) { $0.append($1) }
            }
            // assert
            #expect(statuses == Array(repeating: 201, count: 60))
            let list: NotificationListResponse = try await client.call(.GET, "/api/v1/notifications?limit=200", token: kai.token)
            let credits = list.notifications.filter { $0.message.hasPrefix("Credit ") }
            #expect(credits.count == 60)
            #expect(credits.allSatisfy { $0.title == "You received $1.00" && $0.type == .transaction && $0.childId == kai.id })
            // "Credit 7. Your balance is now $12.00.": each balance from $1.00 to $60.00 once.
            let balances = credits.compactMap { $0.message.split(separator: "$").last.map { String($0.dropLast()) } }
            #expect(Set(balances) == Set((1...60).map { "\($0).00" }))
            #expect(list.unreadCount == 60)
            let parent: NotificationListResponse = try await client.call(.GET, "/api/v1/notifications", token: family.parent.token)
            #expect(parent.notifications.isEmpty)
            #expect(groupCommit.groups - groupsBefore < 60)
        }
    }

    /// Another process holds SQLite's write lock on the same file: the group's `BEGIN
    /// IMMEDIATE` is refused as busy and tried again, so the posting waits, unanswered, and
    /// commits once the other transaction ends.
    @Test func aGroupWaitsOutAnotherProcesssTransaction() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            struct File: Decodable { let file: String }
            let path = try #require(try await client.app.db.sql.raw("PRAGMA database_list").first(decoding: File.self)).file
            let other = try SQLiteReads.Connection(path: path, writes: true)
            defer { other.close() }
            try other.execute("BEGIN IMMEDIATE")
            // act
            let answered = Mutex(false)
            let posting = Task {
                let status = try await client.post(.credit, 5_00, to: kai, in: family).status.code
                answered.withLock { $0 = true }
                return status
            }
            try await Task.sleep(for: .milliseconds(500))
            let answeredWhileHeld = answered.withLock { $0 }
            try other.execute("COMMIT")
            let status = try await posting.value
            // assert
            #expect(!answeredWhileHeld)
            #expect(status == 201)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 5_00))
            let audit = try await client.audit(family)
            #expect(audit.isClean, "\(audit.summary)")
        }
    }

    /// Fluent's model queries run on the group's own connection (`SQLiteWriterDatabase`): a
    /// change made through a model, then read back in the same write with its parents loaded,
    /// is what the write sees and what is committed.
    @Test func fluentModelWritesAndEagerLoadsRunInTheGroup() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            let context = client.app.context()
            // act
            let (day, familyName, email) = try await context.write { db in
                try await Child.query(on: db).filter(\.$id == kai.id).set(\.$allowanceDay, to: Weekday.wednesday.rawValue).update()
                let child = try await Child.query(on: db).filter(\.$id == kai.id).with(\.$family).with(\.$user).first()
                guard let child else { throw AppError.notFound("Kai") }
                return (child.allowanceDay, child.family.name, child.user.email)
            }
            // assert
            #expect(day == Weekday.wednesday.rawValue)
            #expect(email == kai.email)
            let me: FamilyResponse = try await client.call(.GET, "/api/v1/families/current", token: family.parent.token)
            #expect(familyName == me.name)
            let children: [ChildResponse] = try await client.call(.GET, "/api/v1/children", token: family.parent.token)
            #expect(children.first { $0.childId == kai.id }?.allowanceDay == .wednesday)
        }
    }

    /// Writes outside the group (a sign-in's session row, marking notifications read) while
    /// groups commit: every request is answered. Such writers wait for SQLite's lock on the
    /// shared I/O threads; once two of them took both threads, the group holding the lock had
    /// none left to finish on, and the server stopped answering.
    @Test func signInsAndOtherWritesBesideGroupsAreAllAnswered() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 100_00)), ("Freya", Money(cents: 100_00))])
            // act
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for index in 0..<150 {
                    let child = family.children[index % 2]
                    group.addTask {
                        switch index % 3 {
                        case 0:
                            try await client.send(.POST, "/api/v1/auth/login", json: LoginRequest(email: child.email, password: "secret1"))
                                .status.code
                        case 1: try await client.send(.POST, "/api/v1/notifications/read", token: child.token).status.code
                        default: try await client.post(.credit, 1, to: child, in: family).status.code
                        }
                    }
                }
                return try await group.reduce(into: [UInt]()) { $0.append($1) }
            }
            // assert
            #expect(statuses.count == 150)
            #expect(statuses.allSatisfy { (200..<300).contains($0) }, "\(Set(statuses))")
            #expect(try await client.balance(of: family.children[0], in: family) == Money(cents: 100_25))
            let audit = try await client.audit(family)
            #expect(audit.isClean, "\(audit.summary)")
        }
    }

    /// The writer's statement journals stay in memory (`SQLiteWriter.opened`): no temporary
    /// file is opened for a posting.
    @Test func theWritersStatementJournalsStayInMemory() async throws {
        try await withApp { client in
            struct Row: Decodable { let temp_store: Int }
            let store = try await client.app.context().write { db in
                try await db.sql.raw("PRAGMA temp_store").first(decoding: Row.self)?.temp_store
            }
            #expect(store == 2, "temp_store is MEMORY (2)")
        }
    }
}

/// How many writers were at work at once, in all and of one family, at the most.
private final class WritersAtWork: Sendable {
    private struct Counts {
        var all = 0
        var byFamily: [UUID: Int] = [:]
        var most = (all: 0, ofOneFamily: 0)
    }
    private let counts = Mutex(Counts())

    var most: (all: Int, ofOneFamily: Int) { counts.withLock { $0.most } }

    func enter(_ family: UUID) {
        counts.withLock { counts in
            counts.all += 1
            counts.byFamily[family, default: 0] += 1
            counts.most = (max(counts.most.all, counts.all), max(counts.most.ofOneFamily, counts.byFamily[family] ?? 0))
        }
    }

    func leave(_ family: UUID) {
        counts.withLock { counts in
            counts.all -= 1
            counts.byFamily[family, default: 0] -= 1
        }
    }
}
