import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import NIOCore
import SQLKit
import Testing
import Vapor

@testable import AllowanceServer

/// On PostgreSQL, parents' postings that arrive together are posted in groups
/// (`PostingGroups`); SQLite's go through its group commit (`GroupCommitTests`).
@Suite(.enabled(if: testPostgresURL != nil))
struct PostingGroupsTests {
    /// The start of the name of the trigger a test adds for a while (`ResponseCacheTests`,
    /// listing the schema's triggers at the same time, leaves it out).
    static let testTriggerPrefix = "posting_groups_test_"

    /// 60 postings at once to three children of two families: 30 credits to Freya, 20 debits
    /// of $1 to Kai, who has $12, and 10 credits to Sam. Each answer is its own: Freya's 30 and
    /// Sam's 10 are posted, exactly 12 of Kai's and the other 8 refused for his balance. Every
    /// balance is the sum of its ledger, each posted entry's balance follows the one before,
    /// each child heard of each of their postings and Kai's parent, who asked for a warning
    /// below $10, of the one debit that took him there; and the 60 took far fewer than 60 transactions.
    @Test func postingsThatArriveTogetherArePostedTogetherAndEachAnsweredAsItsOwn() async throws {
        try await withApp { client in
            // setup
            let first = try await client.family(children: [("Kai", Money(cents: 12_00)), ("Freya", .zero)])
            let second = try await client.family(children: [("Sam", .zero)])
            let (kai, freya, sam) = (first.children[0], first.children[1], second.children[0])
            let groups = try #require(client.app.serverState.postingGroups)
            let warnings = NotificationPreferencesDto(lowBalanceWarningEnabled: true, lowBalanceThreshold: Money(cents: 10_00))
            let _: NotificationPreferencesDto = try await client.call(
                .PUT, "/api/v1/notifications/preferences", token: first.parent.token, json: warnings)
            let groupsBefore = groups.groups
            // act
            let answers = try await withThrowingTaskGroup(of: (String, UInt, String).self) { tasks in
                for index in 0..<60 {
                    tasks.addTask {
                        let (who, response) =
                            switch index % 6 {
                            case 0, 2, 4:
                                ("Freya", try await client.post(.credit, 1_00, to: freya, in: first, description: "Gift \(index)"))
                            case 1, 3: ("Kai", try await client.post(.debit, 1_00, to: kai, in: first, description: "Snack \(index)"))
                            default: ("Sam", try await client.post(.credit, 50, to: sam, in: second, description: "Chore \(index)"))
                            }
                        return (who, response.status.code, response.body.string)
                    }
                }
                return try await tasks.reduce(into: [(String, UInt, String)]()) { $0.append($1) }
            }
            // assert
            let byChild = Dictionary(grouping: answers, by: \.0)
            #expect(byChild["Freya"]?.allSatisfy { $0.1 == 201 } == true)
            #expect(byChild["Sam"]?.allSatisfy { $0.1 == 201 } == true)
            let kaiAnswers = try #require(byChild["Kai"])
            #expect(kaiAnswers.filter { $0.1 == 201 }.count == 12)
            let refused = kaiAnswers.filter { $0.1 != 201 }
            #expect(refused.count == 8)
            #expect(refused.allSatisfy { $0.1 == 422 && $0.2.contains("insufficient_balance") && $0.2.contains("Kai has $0.00") })

            #expect(try await client.balance(of: freya, in: first) == Money(cents: 30_00))
            #expect(try await client.balance(of: kai, in: first) == .zero)
            #expect(try await client.balance(of: sam, in: second) == Money(cents: 5_00))
            let freyas = try await client.ledger(of: freya, in: first, search: "Gift")
            #expect(freyas.map(\.balanceAfter.cents) == (1...30).map { Int64($0) * 100 })
            let kais = try await client.ledger(of: kai, in: first, search: "Snack")
            #expect(kais.map(\.balanceAfter.cents) == (0..<12).reversed().map { Int64($0) * 100 })
            #expect(
                try await client.ledger(of: sam, in: second, search: "Chore").map(\.balanceAfter.cents) == (1...10).map { Int64($0) * 50 })

            let freyaHeard = try await client.notifications(token: freya.token).filter { $0.title == "You received $1.00" }
            #expect(freyaHeard.count == 30)
            #expect(try await client.notifications(token: kai.token).filter { $0.title == "You spent $1.00" }.count == 12)
            let alerts = try await client.notifications(token: first.parent.token).filter { $0.title == "Kai's balance is low" }
            #expect(alerts.map(\.message) == ["Kai has $9.00 after \"\(kais[2].description)\" (below your $10.00 alert)."])

            let used = groups.groups - groupsBefore
            #expect(used < 60, "60 postings at once took \(used) groups")
            for family in [first, second] {
                let audit = try await client.audit(family)
                #expect(audit.isClean, "\(audit.summary)")
            }
        }
    }

    /// A posting group reads the children that `POST /transactions` names and refuses one of
    /// another family as not found, as a request alone does: 10 credits at once, 5 to Kai and 5
    /// by his parent to Sam of another family; Kai's are posted, Sam's ledger is untouched.
    @Test func aGroupRefusesAChildOfAnotherFamilyAsNotFound() async throws {
        try await withApp { client in
            // setup
            let first = try await client.family(children: [("Kai", .zero)])
            let second = try await client.family(children: [("Sam", .zero)])
            let (kai, sam) = (first.children[0], second.children[0])
            let groups = try #require(client.app.serverState.postingGroups)
            let groupsBefore = groups.groups
            // act
            let answers = try await withThrowingTaskGroup(of: (Bool, UInt, String).self) { tasks in
                for index in 0..<10 {
                    let child = index % 2 == 0 ? kai : sam
                    tasks.addTask {
                        let response = try await client.send(
                            .POST, "/api/v1/transactions", token: first.parent.token,
                            json: CreateTransactionRequest(
                                childId: child.id, amount: Money(cents: 1_00), type: .credit, description: "Gift"))
                        return (child.id == kai.id, response.status.code, response.body.string)
                    }
                }
                return try await tasks.reduce(into: [(Bool, UInt, String)]()) { $0.append($1) }
            }
            // assert
            #expect(answers.filter(\.0).map(\.1) == [201, 201, 201, 201, 201])
            let refused = answers.filter { !$0.0 }
            #expect(refused.count == 5 && refused.allSatisfy { $0.1 == 404 && $0.2.contains("Child was not found") })
            #expect(groups.groups - groupsBefore < 10)
            #expect(try await client.balance(of: kai, in: first) == Money(cents: 5_00))
            #expect(try await client.balance(of: sam, in: second) == .zero)
            #expect(try await client.ledger(of: sam, in: second).isEmpty)
        }
    }

    /// Debits of two families in the same groups warn each family's own parents only: Kai ($12)
    /// and Sam ($11) each spend $1 three times at once, below their parents' $10 alerts.
    @Test func lowBalanceWarningsOfAGroupGoToEachChildsOwnParents() async throws {
        try await withApp { client in
            // setup
            let first = try await client.family(children: [("Kai", Money(cents: 12_00))])
            let second = try await client.family(children: [("Sam", Money(cents: 11_00))])
            let warnings = NotificationPreferencesDto(lowBalanceWarningEnabled: true, lowBalanceThreshold: Money(cents: 10_00))
            for family in [first, second] {
                let _: NotificationPreferencesDto = try await client.call(
                    .PUT, "/api/v1/notifications/preferences", token: family.parent.token, json: warnings)
            }
            // act
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                for index in 0..<6 {
                    let family = index % 2 == 0 ? first : second
                    tasks.addTask {
                        let child = family.children[0]
                        let response = try await client.post(.debit, 1_00, to: child, in: family, description: "Snack \(index)")
                        #expect(response.status == .created)
                    }
                }
                try await tasks.waitForAll()
            }
            // assert
            let firstAlerts = try await client.notifications(token: first.parent.token).filter { $0.title.hasSuffix("balance is low") }
            let secondAlerts = try await client.notifications(token: second.parent.token).filter { $0.title.hasSuffix("balance is low") }
            #expect(firstAlerts.map(\.title) == ["Kai's balance is low"])
            #expect(secondAlerts.map(\.title) == ["Sam's balance is low"])
        }
    }

    /// Templates used at once go in the same groups, and each use that posts is counted once:
    /// 10 uses of a $1 "Bus" template for Kai, who has $5 (5 posted, 5 refused for his
    /// balance), 4 by Freya herself for her own spending, and 6 of a $2 "Chores" credit for her.
    @Test func templateUsesThatArriveTogetherAreCountedWithTheirPostings() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 5_00)), ("Freya", Money(cents: 10_00))])
            let (kai, freya) = (family.children[0], family.children[1])
            let groups = try #require(client.app.serverState.postingGroups)
            let bus: TransactionTemplateDto = try await client.call(
                .POST, "/api/v1/templates", token: family.parent.token,
                json: CreateTransactionTemplateDto(name: "Bus", iconName: "bus", defaultAmount: Money(cents: 1_00), type: .debit))
            let chores: TransactionTemplateDto = try await client.call(
                .POST, "/api/v1/templates", token: family.parent.token,
                json: CreateTransactionTemplateDto(name: "Chores", iconName: "star", defaultAmount: Money(cents: 2_00), type: .credit))
            let groupsBefore = groups.groups
            // act
            let answers = try await withThrowingTaskGroup(of: (String, UInt, String).self) { tasks in
                for index in 0..<20 {
                    let (who, template, child, token) =
                        switch index % 5 {
                        case 0, 2: ("Kai", bus.id, kai, family.parent.token)
                        case 1: ("Freya's own", bus.id, freya, freya.token)
                        case 3: ("Freya", chores.id, freya, family.parent.token)
                        default: index < 10 ? ("Kai", bus.id, kai, family.parent.token) : ("Freya", chores.id, freya, family.parent.token)
                        }
                    tasks.addTask {
                        let response = try await client.send(
                            .POST, "/api/v1/templates/\(template)/use", token: token, json: UseTemplateDto(childId: child.id))
                        return (who, response.status.code, response.body.string)
                    }
                }
                return try await tasks.reduce(into: [(String, UInt, String)]()) { $0.append($1) }
            }
            // assert
            let byWho = Dictionary(grouping: answers, by: \.0)
            let kais = try #require(byWho["Kai"])
            #expect(kais.count == 10 && kais.filter { $0.1 == 201 }.count == 5)
            #expect(kais.filter { $0.1 != 201 }.allSatisfy { $0.1 == 422 && $0.2.contains("insufficient_balance") })
            #expect(byWho["Freya's own"]?.map(\.1) == [201, 201, 201, 201])
            #expect(byWho["Freya"]?.map(\.1) == [201, 201, 201, 201, 201, 201])

            #expect(try await client.balance(of: kai, in: family) == .zero)
            #expect(try await client.balance(of: freya, in: family) == Money(cents: 18_00))
            let counted: [TransactionTemplateDto] = try await client.call(.GET, "/api/v1/templates", token: family.parent.token)
            #expect(counted.first { $0.id == bus.id }?.usageCount == 9)
            #expect(counted.first { $0.id == chores.id }?.usageCount == 6)
            #expect(try await client.notifications(token: kai.token).filter { $0.title == "You spent $1.00" }.count == 5)
            let used = groups.groups - groupsBefore
            #expect(used < 20, "20 uses at once took \(used) groups")
            let audit = try await client.audit(family)
            #expect(audit.isClean, "\(audit.summary)")
        }
    }

    /// Contributions that arrive together are saved in groups, and those that do more than a
    /// debit and a goal row are made alone, each answered as its own: 15 of $1 by Kai, who has
    /// $10, into a $100 bike (10 saved, 5 refused for his balance); 10 of $1 by Freya into a $10
    /// kite, which reach its four milestones and complete it; and 5 of $2 into her Lego goal,
    /// which her parent matches 1:1. Each milestone is told once, by the contribution that
    /// reached it, and the kite's completion once; every match is paid, and every balance and
    /// goal is the sum of its rows.
    @Test func contributionsThatArriveTogetherAreSavedTogetherAndEachAnsweredAsItsOwn() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 10_00)), ("Freya", Money(cents: 20_00))])
            let (kai, freya) = (family.children[0], family.children[1])
            let groups = try #require(client.app.serverState.postingGroups)
            let bike = try await client.createGoal(for: kai, in: family, name: "Bike", target: 100_00)
            let kite = try await client.createGoal(for: freya, in: family, name: "Kite", target: 10_00)
            let lego = try await client.createGoal(for: freya, in: family, name: "Lego", target: 100_00)
            try await client.match(lego, .ratioMatch, ratio: "1", in: family)
            let groupsBefore = groups.groups
            // act
            let answers = try await withThrowingTaskGroup(of: (String, UInt, String, GoalProgressEventDto?).self) { tasks in
                for index in 0..<30 {
                    let (goal, cents, token) =
                        switch index % 6 {
                        case 0, 2, 4: (bike, Int64(1_00), kai.token)
                        case 1, 3: (kite, Int64(1_00), freya.token)
                        default: (lego, Int64(2_00), freya.token)
                        }
                    tasks.addTask {
                        let response = try await client.contribute(cents, to: goal, token: token)
                        let event = response.status == .ok ? try response.decode(GoalProgressEventDto.self) : nil
                        return (goal.name, response.status.code, response.body.string, event)
                    }
                }
                return try await tasks.reduce(into: [(String, UInt, String, GoalProgressEventDto?)]()) { $0.append($1) }
            }
            // assert
            let byGoal = Dictionary(grouping: answers, by: \.0)
            let events = { (name: String) in (byGoal[name] ?? []).compactMap(\.3) }
            let bikes = events("Bike")
            #expect(bikes.map(\.balanceAfter.cents).sorted() == (0..<10).map { Int64($0) * 100 })
            #expect(bikes.map(\.newAmount.cents).sorted() == (1...10).map { Int64($0) * 100 })
            #expect(bikes.allSatisfy { $0.milestonesReached.isEmpty && !$0.isCompleted && $0.matchAmountAdded == nil })
            let refused = try #require(byGoal["Bike"]).filter { $0.1 != 200 }
            #expect(refused.count == 5)
            #expect(refused.allSatisfy { $0.1 == 422 && $0.2.contains("insufficient_balance") && $0.2.contains("Kai has $0.00") })

            let kites = events("Kite")
            #expect(kites.count == 10)
            // Each milestone is told by the contribution that reached it ($2.50 is 25 %, ...).
            let told = kites.filter { !$0.milestonesReached.isEmpty }.map {
                "\($0.newAmount.cents): \($0.milestonesReached.map(\.percentComplete))"
            }
            #expect(told.sorted() == ["1000: [100]", "300: [25]", "500: [50]", "800: [75]"])
            #expect(kites.filter(\.isCompleted).count == 1)
            let legos = events("Lego")
            #expect(legos.count == 5)
            #expect(legos.allSatisfy { $0.matchAmountAdded == Money(cents: 2_00) })

            #expect(try await client.balance(of: kai, in: family) == .zero)
            #expect(try await client.balance(of: freya, in: family) == .zero)
            #expect(try await client.goal(bike.id, token: kai.token).currentAmount == Money(cents: 10_00))
            let kiteAfter = try await client.goal(kite.id, token: freya.token)
            #expect(kiteAfter.currentAmount == Money(cents: 10_00) && kiteAfter.status == .completed)
            #expect(try await client.goal(lego.id, token: freya.token).currentAmount == Money(cents: 20_00))
            let bikeRows = try await client.contributions(of: bike, token: kai.token)
            #expect(bikeRows.map(\.goalBalanceAfter.cents).sorted() == (1...10).map { Int64($0) * 100 })
            let saved = try await client.ledger(of: kai, in: family, search: "Saved to goal: Bike")
            #expect(saved.count == 10 && saved.allSatisfy { $0.category == "Savings" && $0.type == .debit })

            let used = groups.groups - groupsBefore
            #expect(used < 30, "30 contributions at once took \(used) groups")
            // Saved together: rows a transaction inserts share its id (`xmin`).
            struct Count: Decodable { let transactions: Int }
            let bikeTransactions = try await client.app.db.sql.raw(
                "SELECT COUNT(DISTINCT xmin::text) AS transactions FROM savings_contributions WHERE goal_id = \(bind: bike.id)"
            ).first(decoding: Count.self)
            #expect(try #require(bikeTransactions).transactions < 10)
            let audit = try await client.audit(family)
            #expect(audit.isClean, "\(audit.summary)")
        }
    }

    /// A posting group locks the goals contributions name and refuses one the user may not see
    /// as not found, as a request alone does: at once, Kai saves $1 into his bike 3 times and his
    /// parent saves $1 of his into it 3 times, while his sister Freya and another family's parent
    /// try 3 times each. Only Kai's and his parent's are saved; Freya's money stays hers.
    @Test func aGroupRefusesAGoalTheUserMayNotSeeAsNotFound() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 10_00)), ("Freya", Money(cents: 10_00))])
            let other = try await client.family(children: [("Sam", .zero)])
            let (kai, freya) = (family.children[0], family.children[1])
            let bike = try await client.createGoal(for: kai, in: family, name: "Bike", target: 100_00)
            // act
            let answers = try await withThrowingTaskGroup(of: (String, UInt, String).self) { tasks in
                for index in 0..<12 {
                    let (who, token) =
                        switch index % 4 {
                        case 0: ("Kai", kai.token)
                        case 1: ("his parent", family.parent.token)
                        case 2: ("Freya", freya.token)
                        default: ("another parent", other.parent.token)
                        }
                    tasks.addTask {
                        let response = try await client.contribute(1_00, to: bike, token: token)
                        return (who, response.status.code, response.body.string)
                    }
                }
                return try await tasks.reduce(into: [(String, UInt, String)]()) { $0.append($1) }
            }
            // assert
            let byWho = Dictionary(grouping: answers, by: \.0)
            #expect(byWho["Kai"]?.map(\.1) == [200, 200, 200])
            #expect(byWho["his parent"]?.map(\.1) == [200, 200, 200])
            for who in ["Freya", "another parent"] {
                #expect(byWho[who]?.allSatisfy { $0.1 == 404 && $0.2.contains("Goal was not found") } == true, "\(who)")
            }
            #expect(try await client.goal(bike.id, token: kai.token).currentAmount == Money(cents: 6_00))
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 4_00))
            #expect(try await client.balance(of: freya, in: family) == Money(cents: 10_00))
            let audit = try await client.audit(family)
            #expect(audit.isClean, "\(audit.summary)")
        }
    }

    /// A group whose statement PostgreSQL refuses is undone whole and each of its postings is
    /// posted again alone: the one the database refuses fails, the others are posted once.
    /// (A trigger made for this test refuses one description; a row lock held by the test keeps
    /// the first group open while the others queue, so that they share the next one, with
    /// connections to spare for their requests.)
    @Test func aGroupTheDatabaseRefusesIsPostedAgainOneByOne() async throws {
        try await withApp(connectionsPerLoop: 4) { client in
            // setup
            let family = try await client.family(children: [("Kai", .zero), ("Freya", .zero), ("Sam", .zero)])
            let sql = client.app.db.sql
            let poison = "Poison \(family.tag)"
            let trigger = Self.testTriggerPrefix + family.tag
            try await sql.raw(
                """
                CREATE FUNCTION \(unsafeRaw: trigger)() RETURNS trigger AS $$
                BEGIN
                    IF NEW.description = '\(unsafeRaw: poison)' THEN RAISE EXCEPTION 'refused by the test'; END IF;
                    RETURN NEW;
                END $$ LANGUAGE plpgsql
                """
            ).run()
            try await sql.raw(
                "CREATE TRIGGER \(unsafeRaw: trigger) BEFORE INSERT ON transactions FOR EACH ROW EXECUTE FUNCTION \(unsafeRaw: trigger)()"
            ).run()
            do {
                try await postWhileTheFirstGroupWaits(client, family: family, poison: poison)
            } catch {
                try await dropTrigger(trigger, on: sql)
                throw error
            }
            try await dropTrigger(trigger, on: sql)
        }
    }

    private func postWhileTheFirstGroupWaits(_ client: TestClient, family: TestFamily, poison: String) async throws {
        let (kai, freya, sam) = (family.children[0], family.children[1], family.children[2])
        let groups = try #require(client.app.serverState.postingGroups)
        let lock = try await RowLock.hold(child: sam.id, on: client.app)
        let groupsBefore = groups.groups
        // act
        let first = Task { try await client.post(.credit, 1_00, to: sam, in: family, description: "First") }
        try await waitUntil { groups.groups > groupsBefore }
        let queued = [(kai, "Gift"), (freya, poison), (kai, "Chore"), (freya, "Allowance")].map { child, description in
            Task { try await client.post(.credit, 2_00, to: child, in: family, description: description) }
        }
        try await waitUntil { groups.waiting == queued.count }
        lock.release()
        var statuses: [HTTPResponseStatus] = []
        for posting in queued { statuses.append(try await posting.value.status) }
        // assert
        #expect(try await first.value.status == .created)
        #expect(statuses == [.created, .internalServerError, .created, .created])
        #expect(groups.groups == groupsBefore + 2)
        #expect(Set(try await client.ledger(of: kai, in: family).map(\.description)) == ["Gift", "Chore"])
        #expect(try await client.ledger(of: freya, in: family).map(\.description) == ["Allowance"])
        #expect(try await client.balance(of: kai, in: family) == Money(cents: 4_00))
        #expect(try await client.balance(of: freya, in: family) == Money(cents: 2_00))
        let audit = try await client.audit(family)
        #expect(audit.isClean, "\(audit.summary)")
    }

    private func dropTrigger(_ name: String, on sql: any SQLDatabase) async throws {
        try await sql.raw("DROP TRIGGER IF EXISTS \(unsafeRaw: name) ON transactions").run()
        try await sql.raw("DROP FUNCTION IF EXISTS \(unsafeRaw: name)()").run()
    }

    /// Polls `condition` every 10 ms for up to 30 s.
    private func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<3000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition())
    }
}

/// A child's row locked by a transaction of the test's own, until `release()`.
private struct RowLock {
    let releasePromise: EventLoopPromise<Void>

    static func hold(child: UUID, on app: Application) async throws -> RowLock {
        let loop = app.eventLoopGroup.any()
        let locked = loop.makePromise(of: Void.self)
        let release = loop.makePromise(of: Void.self)
        Task {
            do {
                try await app.db.transaction { db in
                    try await db.sql.raw("SELECT id FROM children WHERE id = \(bind: child) FOR UPDATE").run()
                    locked.succeed(())
                    try await release.futureResult.get()
                }
            } catch {
                locked.fail(error)
            }
        }
        try await locked.futureResult.get()
        return RowLock(releasePromise: release)
    }

    func release() { releasePromise.succeed(()) }
}
