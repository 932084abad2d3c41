import AllowanceAPI
import AllowanceCore
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// What clients of the wider API family and App Screens' code send and read: enumerations by
/// name, `...Name` strings beside numbers, the `/settings` alias, the top-level error message,
/// the children list wrapped in `{children}` with `childId`, and the card's `userId`.
@Suite struct WireCompatibilityTests {
    @Test func enumerationsAreReadByNameInAnyCase() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let token = family.parent.token
            // act
            let goal = try await client.send(
                .POST, "/api/v1/savings-goals", token: token,
                body:
                    #"{"childId":"\#(kai.id)","name":"Lego","targetAmount":50,"category":"toy","autoTransferType":"FIXEDAMOUNT","autoTransferAmount":2}"#
            )
            let credit = try await client.send(
                .POST, "/api/v1/transactions", token: token,
                body: #"{"childId":"\#(kai.id)","amount":1.5,"type":"credit","description":"Found a coin"}"#)
            let settings = try await client.send(
                .PUT, "/api/v1/children/\(kai.id)/settings", token: token, body: #"{"allowanceDay":"Friday"}"#)
            let recurring = try await client.send(
                .POST, "/api/v1/recurring-transactions", token: token,
                body:
                    #"{"childId":"\#(kai.id)","name":"Chores","amount":2,"type":"Credit","pattern":"weekly","dayOfWeek":"monday","startDate":"2026-11-23"}"#
            )
            // assert: names land as the numbers, and answers carry both
            #expect(goal.status == .created || goal.status == .ok, "\(goal.body.string)")
            let created = try goal.decode(SavingsGoalDto.self)
            #expect(created.category == .toy && created.categoryName == "Toy")
            #expect(created.autoTransferType == .fixedAmount && created.autoTransferTypeName == "FixedAmount")
            #expect(credit.status == .created, "\(credit.body.string)")
            #expect(try credit.decode(TransactionResponse.self).type == .credit)
            #expect(settings.status == .ok, "\(settings.body.string)")
            let child = try settings.decode(ChildResponse.self)
            #expect(child.allowanceDay == .friday && child.allowanceDayName == "Friday")
            #expect(recurring.status == .created || recurring.status == .ok, "\(recurring.body.string)")
            let schedule = try recurring.decode(RecurringTransactionDto.self)
            #expect(schedule.pattern == .weekly && schedule.dayOfWeek == 1 && schedule.dayOfWeekName == "Monday")
            let dashboard: ChildDashboard = try await client.call(.GET, "/api/v1/dashboard/child", token: kai.token)
            #expect(dashboard.allowanceDay == .friday && dashboard.allowanceDayName == "Friday")
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func anUnknownNameIsRefusedWithTheChoices() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            // act
            let goal = try await client.send(
                .POST, "/api/v1/savings-goals", token: family.parent.token,
                body: #"{"childId":"\#(kai.id)","name":"Lego","targetAmount":50,"category":"Spaceship"}"#)
            let day = try await client.send(
                .PUT, "/api/v1/children/\(kai.id)", token: family.parent.token, body: #"{"allowanceDay":"Caturday"}"#)
            let type = try await client.send(
                .POST, "/api/v1/transactions", token: family.parent.token,
                body: #"{"childId":"\#(kai.id)","amount":1,"type":"Gift","description":"x"}"#)
            // assert: 400, the message lists what is accepted, and the top-level message repeats it
            #expect(goal.status == .badRequest)
            #expect(goal.error?.message.contains("1 (Toy)") == true, "\(goal.body.string)")
            #expect(try goal.decode(ErrorResponse.self).message == goal.error?.message)
            #expect(day.status == .badRequest)
            #expect(day.error?.message.contains("6 (Saturday)") == true, "\(day.body.string)")
            #expect(type.status == .badRequest)
            #expect(type.error?.message.contains("Credit") == true, "\(type.body.string)")
            #expect(try await client.goals(of: kai, token: family.parent.token).isEmpty)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 20_00))
        }
    }

    @Test func errorBodiesCarryTheMessageAtTheTopLevelToo() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 3_00))])
            // act
            let response = try await client.post(.debit, 5_00, to: family.children[0], in: family)
            // assert
            #expect(response.status == .unprocessableEntity)
            let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
            let nested = try #require(body["error"] as? [String: Any])
            #expect(nested["code"] as? String == "insufficient_balance")
            #expect(body["message"] as? String == "Insufficient balance: Kai has $3.00")
            #expect(nested["message"] as? String == "Insufficient balance: Kai has $3.00")
        }
    }

    @Test func appScreensShapes() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 1_00)), ("Freya", Money(cents: 2_00))])
            // act
            let listed: FamilyChildrenResponse = try await client.call(
                .GET, "/api/v1/families/current/children", token: family.parent.token)
            let asKai: FamilyChildrenResponse = try await client.call(
                .GET, "/api/v1/families/current/children", token: family.children[0].token)
            let dashboard: ParentDashboardResponse = try await client.call(.GET, "/api/v1/dashboard/parent", token: family.parent.token)
            // assert
            #expect(listed.children.map(\.firstName) == ["Freya", "Kai"])
            #expect(listed.children.allSatisfy { $0.childId == $0.id })
            #expect(asKai.children.map(\.childId) == [family.children[0].id])
            let kaiCard = try #require(dashboard.children.first { $0.firstName == "Kai" })
            #expect(kaiCard.childId == family.children[0].id)
            #expect(kaiCard.userId == family.children[0].userId)
        }
    }

    @Test func openAPISaysEnumerationsAcceptNamesAndNumbers() async throws {
        try await withApp { client in
            // act
            let response = try await client.send(.GET, "/openapi.json")
            // assert
            let document = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
            let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
            let goal = try #require(schemas["CreateSavingsGoalDto"]?["properties"] as? [String: [String: Any]])
            let category = try #require(goal["category"]?["oneOf"] as? [[String: Any]])
            #expect(category.first?["enum"] as? [Int] == [1, 2, 3, 4, 5, 6, 7, 99])
            #expect((category.last?["enum"] as? [String])?.first == "Toy")
            let child = try #require(schemas["UpdateChildRequest"]?["properties"] as? [String: [String: Any]])
            #expect((child["allowanceDay"]?["oneOf"] as? [[String: Any]])?.last?["enum"] as? [String] == Weekday.allCases.map(\.name))
            let transaction = try #require(schemas["CreateTransactionRequest"]?["properties"] as? [String: [String: Any]])
            #expect(transaction["type"]?["enum"] as? [String] == ["Credit", "Debit"])
            let error = try #require(schemas["ErrorResponse"]?["properties"] as? [String: Any])
            #expect(error["message"] != nil)
        }
    }
}
