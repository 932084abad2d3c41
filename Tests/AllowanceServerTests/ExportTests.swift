import AllowanceAPI
import Foundation
import NIOConcurrencyHelpers
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// A child's ledger as CSV, from the API and from the web page, with the list's filters.
@Suite struct ExportTests {
    let pages = WebPageTests()

    @Test func theLedgerDownloadsAsCSVWithTheListsFilters() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 10_00)), ("Freya", .zero)])
            let (kai, freya) = (family.children[0], family.children[1])
            try await client.post(.debit, 3_00, to: kai, in: family, description: "Comic, \"Beano\"")
            try await client.post(.credit, 5_50, to: kai, in: family, description: "=Washed the car")
            let path = "/api/v1/children/\(kai.id)/transactions.csv"
            let all = try await client.send(.GET, path, token: family.parent.token)
            #expect(all.status == .ok && all.headers.contentType?.subType == "csv")
            #expect(all.headers.first(name: .contentDisposition) == "attachment; filename=\"Kai-ledger.csv\"")
            let lines = all.body.string.components(separatedBy: "\r\n").filter { !$0.isEmpty }
            #expect(lines.first == "date,type,amount,balance_after,description,category,notes,created_by")
            #expect(lines.count == 4)  // the opening balance, the comic, the car wash
            // Newest first; a formula is defused and quotes are doubled.
            #expect(lines[1].contains(",Credit,5.50,12.50,'=Washed the car,"))
            #expect(lines[2].contains(",Debit,-3.00,7.00,\"Comic, \"\"Beano\"\"\","))
            let debits = try await client.send(.GET, path + "?type=Debit", token: kai.token)
            #expect(debits.body.string.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 2)
            // His sister may not; the web page offers the same file with the session cookie.
            #expect(try await client.send(.GET, path, token: freya.token).status == .notFound)
            let cookies = try await pages.signIn(client, email: family.parent.email)
            let list = try await pages.page(client, "/transactions?child=\(kai.id)", cookies: cookies)
            #expect(list.body.string.contains("/children/\(kai.id.uuidString)/transactions.csv"))
            let web = try await pages.page(client, "/children/\(kai.id)/transactions.csv", cookies: cookies)
            #expect(web.status == .ok && web.body.string == all.body.string)
        }
    }

    /// The CSV is read 1,000 rows a page. Rows posted while the pages are read must neither
    /// repeat a row nor push an older one out: each file holds every row posted before it
    /// began, once, and nothing posted after it began.
    @Test func aCSVReadWhileMoneyMovesHoldsEachRowOnce() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            try await client.app.context().write { db in
                for index in 1...2_400 {
                    let posting = LedgerPosting(
                        childID: kai.id, type: .credit, amount: Money(cents: 1), description: "Row \(index)", createdBy: nil,
                        at: client.now.value)
                    _ = try await LedgerService.post(posting, calendar: FamilyCalendar(timeZone: .gmt), on: db)
                }
            }
            let path = "/api/v1/children/\(kai.id)/transactions.csv"
            let done = NIOLockedValueBox(false)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    var index = 0
                    while !done.withLockedValue({ $0 }) {
                        index += 1
                        try await client.post(.credit, 1, to: kai, in: family, description: "Meanwhile \(index)")
                    }
                }
                for _ in 1...6 {
                    let before = try await client.send(.GET, "/api/v1/children/\(kai.id)", token: family.parent.token)
                    let shown = try JSONDecoder.api.decode(ChildResponse.self, from: Data(before.body.readableBytesView))
                    let csv = try await client.send(.GET, path, token: family.parent.token).body.string
                    let rows = csv.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
                    let descriptions = rows.map { $0.split(separator: ",")[4] }
                    #expect(Set(descriptions).count == rows.count, "a row came twice")
                    // Newest first, each a cent more than the one below it: no row is missing
                    // between the newest read and the opening balance.
                    let balances = try rows.map { try Money(parsing: String($0.split(separator: ",")[3])).cents }
                    #expect(balances == balances.indices.map { Int64(balances.count - 1 - $0) + (balances.last ?? 0) })
                    #expect(rows.count >= 2_400 && (balances.first ?? 0) >= shown.currentBalance.cents)
                }
                done.withLockedValue { $0 = true }
                try await group.waitForAll()
            }
        }
    }
}
