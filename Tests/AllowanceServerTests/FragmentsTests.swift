import AllowanceAPI
import AllowanceCore
import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// Parts of pages made once per input and kept (`Fragments`): a page shows what it would show
/// if every part were made afresh.
@Suite struct FragmentsTests {
    @Test func aKeptRowShowsWhatChangesInIt() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            #expect(try await client.post(.debit, 250, to: kai, in: family, description: "Comic").status == .created)
            let web = WebPageTests()
            let cookies = try await web.signIn(client, email: family.parent.email)
            let first = try await web.page(client, "/children/\(kai.id)", cookies: cookies).body.string
            #expect(first.contains("Comic"))
            #expect(first.contains("by Pat Parent"))
            #expect(try await web.page(client, "/children/\(kai.id)", cookies: cookies).body.string == first)

            try await client.app.db.sql.raw("UPDATE users SET first_name = 'Sam' WHERE id = \(bind: family.parent.userId)").run()
            let renamed = try await web.page(client, "/children/\(kai.id)", cookies: cookies).body.string
            #expect(renamed.contains("by Sam Parent"))
            #expect(!renamed.contains("by Pat Parent"))
            let list = try await web.page(client, "/transactions?child=\(kai.id)", cookies: cookies).body.string
            #expect(list.contains("by Sam Parent"))

            // The family moves to another zone: the kept row shows the time there.
            let entries: TransactionListResponse = try await client.call(
                .GET, "/api/v1/children/\(kai.id)/transactions", token: family.parent.token)
            let posted = try #require(entries.transactions.first { $0.description == "Comic" }).createdAt
            let newYork = try #require(FamilyCalendar(identifier: "America/New_York")).displayDateTime(posted)
            let tokyo = try #require(FamilyCalendar(identifier: "Asia/Tokyo")).displayDateTime(posted)
            #expect(renamed.contains("\(newYork) · by Sam Parent"))
            let _: FamilyResponse = try await client.call(
                .PUT, "/api/v1/families/current", token: family.parent.token, json: UpdateFamilyRequest(timeZone: "Asia/Tokyo"))
            let moved = try await web.page(client, "/children/\(kai.id)", cookies: cookies).body.string
            #expect(moved.contains("\(tokyo) · by Sam Parent"))
            #expect(!moved.contains(newYork))
        }
    }

    /// A goal's card is kept by everything it shows: after a contribution, the child's page,
    /// the goals page and the child's own dashboard each show the new amount, not the kept card.
    @Test func aKeptGoalCardShowsTheGoalAsItIsNow() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, name: "Skateboard", target: 40_00)
            let web = WebPageTests()
            let parent = try await web.signIn(client, email: family.parent.email)
            let child = try await web.signIn(client, email: kai.email)
            let pages = [("/children/\(kai.id)", parent), ("/children/\(kai.id)/goals", parent), ("/dashboard", child)]
            for (path, cookies) in pages {
                let page = try await web.page(client, path, cookies: cookies).body.string
                #expect(page.contains("$0.00 of $40.00 · 0%"), "\(path)")
            }
            try await client.saved(10_00, to: goal, token: kai.token)
            for (path, cookies) in pages {
                let page = try await web.page(client, path, cookies: cookies).body.string
                #expect(page.contains("$10.00 of $40.00 · 25%"), "\(path)")
                #expect(!page.contains("$0.00 of $40.00"), "\(path)")
            }
        }
    }

    @Test func theQuickAddGridCarriesEachPagesFormToken() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let web = WebPageTests()
            let one = try await web.signIn(client, email: family.parent.email)
            let other = try await web.signIn(client, email: family.parent.email)
            #expect(one.csrf != other.csrf)
            for cookies in [one, other, one] {
                let page = try await web.page(client, "/children/\(kai.id)", cookies: cookies).body.string
                #expect(page.contains("template-tile"))
                let tokens = page.components(separatedBy: "name=\"_csrf\" value=\"").dropFirst().map { $0.prefix(cookies.csrf.count) }
                #expect(!tokens.isEmpty)
                #expect(tokens.allSatisfy { $0 == cookies.csrf }, "every form on the page carries its own cookie's token")
            }
        }
    }

    @Test func partsPastTheBudgetAreDroppedAndMadeAgain() async throws {
        try await withApp { client in
            let app = client.app
            let fragments = Fragments(budget: 4_000)
            let request = Request(application: app, on: app.eventLoopGroup.next())
            let calendar = try #require(FamilyCalendar(identifier: "UTC"))
            let entries = (1...20).map { n in
                TransactionResponse(
                    id: UUID(), childId: UUID(), amount: Money(cents: Int64(n)), type: .credit, description: "Row \(n)", category: nil,
                    notes: nil, balanceAfter: Money(cents: Int64(n)), createdAt: Date(timeIntervalSince1970: 1_800_000_000),
                    createdBy: nil, createdByName: nil)
            }
            let rows = entries.map { TransactionRow($0, calendar: calendar) }
            var made: [String] = []
            for entry in entries { made.append(try await TransactionRow.html([entry], calendar: calendar, on: request).html) }
            // A page's list is its rows in order, as one piece.
            #expect(try await TransactionRow.html(entries, calendar: calendar, on: request).html == made.joined())
            for (row, html) in zip(rows, made) {
                #expect(html.contains(">\(row.description)<"))
                #expect(try await fragments.html("transaction-row", key: row.id, input: { Wrapped(row: row) }, on: request) == html)
                #expect(fragments.bytes <= 4_000)
            }
            #expect(try await fragments.html("transaction-row", key: rows[0].id, input: { Wrapped(row: rows[0]) }, on: request) == made[0])
        }
    }

    @Test func aListIsItsPartsInOrderAndSaysWhenItHasNone() {
        let list = HTMLList(["<li>1</li>", "<li>2</li>"])
        #expect(list.html == "<li>1</li><li>2</li>")
        #expect(!list.isEmpty)
        #expect(HTMLList([]).isEmpty)
        #expect(HTMLList([]).html == "")
    }

    /// What `transaction-row.leaf` reads.
    struct Wrapped: Encodable, Hashable, Sendable { let row: TransactionRow }
}
