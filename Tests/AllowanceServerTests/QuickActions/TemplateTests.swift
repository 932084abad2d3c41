import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

/// quick-actions.md "TransactionTemplateServiceTests: Templates (10 tests)".
@Suite struct TemplateTests {
    static let lunch = UUID(uuidString: "0A11CE00-7E3A-4000-8000-000000000001")!
    static let game = UUID(uuidString: "0A11CE00-7E3A-4000-8000-000000000004")!
    static let choreBonus = UUID(uuidString: "0A11CE00-7E3A-4000-8000-000000000011")!

    func templates(_ client: TestClient, token: String) async throws -> [TransactionTemplateDto] {
        try await client.call(.GET, "/api/v1/templates", token: token)
    }

    @Test func getTemplates_IncludesGlobalAndFamily() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let globals = try await templates(client, token: family.parent.token)
            #expect(globals.map(\.name) == ["Lunch", "Snack", "Movie", "Game", "Book", "Toy", "Gift", "Chore Bonus", "Found Money"])
            #expect(globals.allSatisfy { $0.isGlobal && $0.usageCount == 0 })
            let lunch = try #require(globals.first)
            #expect(lunch.id == Self.lunch && lunch.iconName == "fork.knife" && lunch.color == "#F59E0B")
            #expect(lunch.defaultAmount == Money(cents: 5_00) && lunch.type == .debit && lunch.category == "Food" && lunch.sortOrder == 1)
            #expect(globals.first { $0.name == "Game" }?.defaultAmount == nil)

            let bus: TransactionTemplateDto = try await client.call(
                .POST, "/api/v1/templates", token: family.parent.token,
                json: CreateTransactionTemplateDto(
                    name: "Bus fare", iconName: "bus", color: "#0ea5e9", defaultAmount: Money(cents: 2_50), type: .debit,
                    category: "Transport"))
            #expect(!bus.isGlobal && bus.sortOrder == 13 && bus.color == "#0EA5E9")
            let seenByKai = try await templates(client, token: family.children[0].token)
            #expect(seenByKai.map(\.name).last == "Bus fare" && seenByKai.count == 10)
            let stranger = try await client.family(name: "Strangers")
            #expect(try await templates(client, token: stranger.parent.token).count == 9)
        }
    }

    @Test func useTemplate_CreatesTransaction() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let response = try await client.send(
                .POST, "/api/v1/templates/\(Self.lunch)/use", token: family.parent.token, json: UseTemplateDto(childId: kai.id))
            #expect(response.status == .created)
            let entry = try response.decode(TransactionResponse.self)
            #expect(entry.amount == Money(cents: 5_00) && entry.type == .debit && entry.description == "Lunch" && entry.category == "Food")
            #expect(entry.balanceAfter == Money(cents: 15_00) && entry.createdByName == "Pat Parent")
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 15_00))
            #expect(try await client.notifications(token: kai.token).first?.title == "You spent $5.00")
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func useTemplate_IncrementsUsageCountForTheFamily() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            for _ in 0..<2 {
                _ = try await client.call(
                    .POST, "/api/v1/templates/\(Self.lunch)/use", token: family.parent.token,
                    json: UseTemplateDto(childId: family.children[0].id), as: TransactionResponse.self)
            }
            #expect(try await templates(client, token: family.parent.token).first { $0.id == Self.lunch }?.usageCount == 2)
            let stranger = try await client.family(name: "Strangers")
            #expect(try await templates(client, token: stranger.parent.token).first { $0.id == Self.lunch }?.usageCount == 0)
        }
    }

    @Test func useTemplate_AllowsAmountAndDescriptionOverride() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let entry: TransactionResponse = try await client.call(
                .POST, "/api/v1/templates/\(Self.lunch)/use", token: family.parent.token,
                json: UseTemplateDto(childId: family.children[0].id, amount: Money(cents: 7_25), description: "Lunch at the fair"))
            #expect(
                entry.amount == Money(cents: 7_25) && entry.description == "Lunch at the fair" && entry.balanceAfter == Money(cents: 12_75))
        }
    }

    @Test func useTemplate_WithoutADefaultAmountNeedsOne() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let missing = try await client.send(
                .POST, "/api/v1/templates/\(Self.game)/use", token: family.parent.token, json: UseTemplateDto(childId: kai.id))
            #expect(missing.status == .unprocessableEntity)
            #expect(missing.error?.message == "Amount is required: Game has no default amount")
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 20_00))
            let entry: TransactionResponse = try await client.call(
                .POST, "/api/v1/templates/\(Self.game)/use", token: family.parent.token,
                json: UseTemplateDto(childId: kai.id, amount: Money(cents: 12_00)))
            #expect(entry.description == "Game" && entry.balanceAfter == Money(cents: 8_00))
            // A debit the balance cannot cover is refused like any other.
            let over = try await client.send(
                .POST, "/api/v1/templates/\(Self.game)/use", token: family.parent.token,
                json: UseTemplateDto(childId: kai.id, amount: Money(cents: 9_00)))
            #expect(over.status == .unprocessableEntity)
            #expect(try await templates(client, token: family.parent.token).first { $0.id == Self.game }?.usageCount == 1)
        }
    }

    @Test func familyTemplate_CreatorUpdatesSortsAndDeletes() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let bus: TransactionTemplateDto = try await client.call(
                .POST, "/api/v1/templates", token: family.parent.token,
                json: CreateTransactionTemplateDto(name: "Bus fare", iconName: "bus", type: .debit, descriptionTemplate: "Bus to school"))
            let updated: TransactionTemplateDto = try await client.call(
                .PUT, "/api/v1/templates/\(bus.id)", token: family.parent.token,
                json: UpdateTransactionTemplateDto(name: "Bus", defaultAmount: Money(cents: 2_75), sortOrder: 0))
            #expect(
                updated.name == "Bus" && updated.defaultAmount == Money(cents: 2_75) && updated.sortOrder == 0
                    && updated.descriptionTemplate == "Bus to school")
            #expect(try await templates(client, token: family.parent.token).first?.name == "Bus")
            let entry: TransactionResponse = try await client.call(
                .POST, "/api/v1/templates/\(bus.id)/use", token: family.parent.token, json: UseTemplateDto(childId: family.children[0].id))
            #expect(entry.description == "Bus to school" && entry.amount == Money(cents: 2_75))
            #expect(try await client.send(.DELETE, "/api/v1/templates/\(bus.id)", token: family.parent.token).status == .noContent)
            #expect(try await templates(client, token: family.parent.token).count == 9)
            #expect(
                try await client.send(
                    .POST, "/api/v1/templates/\(bus.id)/use", token: family.parent.token,
                    json: UseTemplateDto(childId: family.children[0].id)
                ).status == .notFound)
            // What it posted stays.
            #expect(try await client.ledger(of: family.children[0], in: family).last?.description == "Bus to school")
        }
    }

    @Test func familyTemplate_OnlyItsCreatorMayChangeIt() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let bus: TransactionTemplateDto = try await client.call(
                .POST, "/api/v1/templates", token: family.parent.token,
                json: CreateTransactionTemplateDto(name: "Bus fare", iconName: "bus", type: .debit))
            let otherParent = try await client.addParent(to: family, firstName: "Robin")
            let update = try await client.send(
                .PUT, "/api/v1/templates/\(bus.id)", token: otherParent.token, json: UpdateTransactionTemplateDto(name: "Mine"))
            #expect(update.status == .forbidden)
            #expect(update.error?.message == "Only the parent who created this template can change it")
            #expect(try await client.send(.DELETE, "/api/v1/templates/\(bus.id)", token: otherParent.token).status == .forbidden)
            // The other parent still sees and uses it.
            #expect(try await templates(client, token: otherParent.token).contains { $0.id == bus.id && $0.name == "Bus fare" })
        }
    }

    @Test func globalTemplates_CannotBeChanged() async throws {
        try await withApp { client in
            let family = try await client.family()
            let update = try await client.send(
                .PUT, "/api/v1/templates/\(Self.lunch)", token: family.parent.token,
                json: UpdateTransactionTemplateDto(defaultAmount: Money(cents: 1)))
            #expect(update.status == .forbidden)
            #expect(update.error?.message == "Global templates cannot be changed")
            #expect(try await client.send(.DELETE, "/api/v1/templates/\(Self.lunch)", token: family.parent.token).status == .forbidden)
            #expect(try await templates(client, token: family.parent.token).first?.defaultAmount == Money(cents: 5_00))
        }
    }

    @Test func useTemplate_AChildRecordsTheirOwnSpendingOnly() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00)), ("Freya", Money(cents: 20_00))])
            let (kai, freya) = (family.children[0], family.children[1])
            let own = try await client.send(
                .POST, "/api/v1/templates/\(Self.lunch)/use", token: kai.token, json: UseTemplateDto(childId: kai.id))
            #expect(own.status == .created)
            #expect(try own.decode(TransactionResponse.self).createdByName == "Kai Kid")
            let sibling = try await client.send(
                .POST, "/api/v1/templates/\(Self.lunch)/use", token: kai.token, json: UseTemplateDto(childId: freya.id))
            #expect(sibling.status == .notFound)
            let credit = try await client.send(
                .POST, "/api/v1/templates/\(Self.choreBonus)/use", token: kai.token, json: UseTemplateDto(childId: kai.id))
            #expect(credit.status == .forbidden)
            #expect(credit.error?.message == "Only a parent can add money")
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 15_00))
            #expect(try await client.balance(of: freya, in: family) == Money(cents: 20_00))
            // Children cannot make templates.
            let create = try await client.send(
                .POST, "/api/v1/templates", token: kai.token, json: CreateTransactionTemplateDto(name: "x", iconName: "x", type: .credit))
            #expect(create.status == .forbidden)
        }
    }

    @Test func templates_BadInputIsRefusedAndChangesNothing() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let long = String(repeating: "x", count: 10_000)
            let cases: [(String, String)] = [
                (#"{"name":"Bus","iconName":"bus","type":"Debit","color":"blue"}"#, "color must be a hex colour such as #22C55E"),
                (##"{"name":"Bus","iconName":"bus","type":"Debit","color":"#12345G"}"##, "color must be a hex colour such as #22C55E"),
                (#"{"name":"","iconName":"bus","type":"Debit"}"#, "Name is required"),
                (#"{"name":"\#(long)","iconName":"bus","type":"Debit"}"#, "Name must be at most 50 characters"),
                (#"{"name":"Bus","iconName":"\#(long)","type":"Debit"}"#, "Icon name must be at most 50 characters"),
                (#"{"name":"Bus","iconName":"bus","type":"Debit","defaultAmount":0}"#, "Default amount must be greater than zero"),
                (
                    #"{"name":"Bus","iconName":"bus","type":"Debit","defaultAmount":1.001}"#,
                    "defaultAmount has more than two decimal places"
                ),
                (#"{"name":"Bus","iconName":"bus","type":"Both"}"#, "type"),
                (#"{"name":"Bus","iconName":"bus"}"#, "type is required"),
                (
                    #"{"name":"Bus","iconName":"bus","type":"Debit","descriptionTemplate":"\#(long)"}"#,
                    "Description template must be at most 200 characters"
                ),
            ]
            for (json, message) in cases {
                let response = try await client.send(.POST, "/api/v1/templates", token: family.parent.token, body: json)
                #expect(response.status == .badRequest, "\(json.prefix(80))")
                #expect(
                    response.error?.message.contains(message) == true,
                    "\(json.prefix(80)): \(response.error?.message ?? response.body.string)")
            }
            #expect(try await templates(client, token: family.parent.token).count == 9)
            let kai = family.children[0].id
            let useCases: [(String, String)] = [
                (#"{"childId":"\#(kai)","amount":0}"#, "Amount must be greater than zero"),
                (#"{"childId":"\#(kai)","amount":-4}"#, "Amount must be greater than zero"),
                (#"{"childId":"\#(kai)","amount":2.345}"#, "amount has more than two decimal places"),
                (#"{"childId":"\#(kai)","description":"\#(long)"}"#, "Description must be at most 200 characters"),
                (#"{"amount":2}"#, "childId is required"),
            ]
            for (json, message) in useCases {
                let response = try await client.send(.POST, "/api/v1/templates/\(Self.lunch)/use", token: family.parent.token, body: json)
                #expect(response.status == .badRequest, "\(json.prefix(80))")
                #expect(
                    response.error?.message.contains(message) == true,
                    "\(json.prefix(80)): \(response.error?.message ?? response.body.string)")
            }
            let badSort = try await client.send(
                .POST, "/api/v1/templates", token: family.parent.token, body: #"{"name":"Bus","iconName":"bus","type":"Debit"}"#)
            let bus = try badSort.decode(TransactionTemplateDto.self)
            let sort = try await client.send(.PUT, "/api/v1/templates/\(bus.id)", token: family.parent.token, body: #"{"sortOrder":-1}"#)
            #expect(sort.status == .badRequest && sort.error?.message == "sortOrder must be from 0 to 10000")
            #expect(
                try await client.send(
                    .POST, "/api/v1/templates/\(UUID())/use", token: family.parent.token, json: UseTemplateDto(childId: kai)
                ).status == .notFound)
            #expect(try await client.balance(of: family.children[0], in: family) == Money(cents: 20_00))
        }
    }
}
