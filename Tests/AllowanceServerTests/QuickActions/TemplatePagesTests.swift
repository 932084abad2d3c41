import AllowanceAPI
import AllowanceCore
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// The templates page's order and who may change what (the flows are in Tests/browser).
@Suite struct TemplatePagesTests {
    private let pages = WebPageTests()

    @Test func reorderTradesPlacesAndKeepsTheSameNumbers() {
        // setup
        let (a, b, c) = (UUID(), UUID(), UUID())
        let ordered = [(id: a, order: 13), (id: b, order: 14), (id: c, order: 20)]
        // act
        let up = TemplatePages.reorder(ordered, moving: c, by: -1)
        let down = TemplatePages.reorder(ordered, moving: a, by: 1)
        // assert
        #expect(up.map(\.0) == [c, b] && up.map(\.1) == [14, 20])
        #expect(down.map(\.0) == [b, a] && down.map(\.1) == [13, 14])
        #expect(TemplatePages.reorder(ordered, moving: a, by: -1).isEmpty)
        #expect(TemplatePages.reorder(ordered, moving: c, by: 1).isEmpty)
        #expect(TemplatePages.reorder(ordered, moving: UUID(), by: 1).isEmpty)
    }

    @Test func reorderSeparatesTiesSoTheMoveShows() {
        // setup: two templates given the same position through the API
        let (a, b) = (UUID(), UUID())
        // act
        let changes = TemplatePages.reorder([(id: a, order: 5), (id: b, order: 5)], moving: b, by: -1)
        // assert: b first at 5, a after it at 6
        #expect(changes.map(\.0) == [a] && changes.map(\.1) == [6])
    }

    @Test func anotherParentSeesTheTemplateWithoutItsControls() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let bus: TransactionTemplateDto = try await client.call(
                .POST, "/api/v1/templates", token: family.parent.token,
                json: CreateTransactionTemplateDto(name: "Bus fare", iconName: "bus", type: .debit))
            let robin = try await client.addParent(to: family, firstName: "Robin")
            // act
            let maker = try await pages.page(client, "/templates", cookies: try await pages.signIn(client, email: family.parent.email))
            let other = try await pages.page(client, "/templates", cookies: try await pages.signIn(client, email: robin.email))
            // assert
            #expect(maker.status == .ok && other.status == .ok)
            #expect(maker.body.string.contains("/templates/\(bus.id)/edit"))
            #expect(other.body.string.contains("Bus fare"))
            #expect(other.body.string.contains("made by another parent"))
            #expect(!other.body.string.contains("/templates/\(bus.id)/edit"))
            #expect(!other.body.string.contains("/templates/\(bus.id)/delete"))
        }
    }

    @Test func movingUpAndDownChangesTheOrderEveryoneSees() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family()
            var ids: [UUID] = []
            for name in ["Alpha", "Bravo"] {
                let made: TransactionTemplateDto = try await client.call(
                    .POST, "/api/v1/templates", token: family.parent.token,
                    json: CreateTransactionTemplateDto(name: name, iconName: "star", type: .debit))
                ids.append(made.id)
            }
            let cookies = try await pages.signIn(client, email: family.parent.email)
            // act
            let moved = try await pages.post(client, "/templates/\(ids[1])/move-up", form: "_csrf=\(cookies.csrf)", cookies: cookies)
            let again = try await pages.post(client, "/templates/\(ids[1])/move-up", form: "_csrf=\(cookies.csrf)", cookies: cookies)
            // assert
            #expect(moved.status == .seeOther && again.status == .seeOther)
            let list: [TransactionTemplateDto] = try await client.call(.GET, "/api/v1/templates", token: family.parent.token)
            #expect(list.filter { !$0.isGlobal }.map(\.name) == ["Bravo", "Alpha"])
        }
    }
}
