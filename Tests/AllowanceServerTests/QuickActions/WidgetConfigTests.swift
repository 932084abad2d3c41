import AllowanceAPI
import AllowanceCore
import Foundation
import Testing

@testable import AllowanceServer

/// `GET`/`PUT /widgets/config`: each user's own widget set-ups, checked before they are kept.
@Suite struct WidgetConfigTests {
    @Test func aUserKeepsOneSetUpPerTypeAndSize() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 5_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, target: 20_00)
            // act
            let first: WidgetConfigurationDto = try await client.call(
                .PUT, "/api/v1/widgets/config", token: kai.token,
                json: UpdateWidgetConfigDto(
                    widgetType: "Goal", widgetSize: "SMALL",
                    configuration: .object(["goalId": .string(goal.id.uuidString), "showAmount": .bool(true)])))
            client.now.value = testStart.addingTimeInterval(60)
            let replaced: WidgetConfigurationDto = try await client.call(
                .PUT, "/api/v1/widgets/config", token: kai.token,
                json: UpdateWidgetConfigDto(
                    widgetType: "goal", widgetSize: "small",
                    configuration: .object(["goalId": .string(goal.id.uuidString), "showAmount": .bool(false)])))
            // The client's own keys come back as sent: a 1 stays a number, true a boolean.
            let balance = try await client.send(
                .PUT, "/api/v1/widgets/config", token: kai.token,
                body:
                    #"{"widgetType":"balance","widgetSize":"medium","configuration":{"childId":"\#(kai.id)","refresh":1,"dark":true,"theme":null,"tags":["a",2.5]}}"#
            )
            let mine: WidgetConfigurationListDto = try await client.call(.GET, "/api/v1/widgets/config", token: kai.token)
            let parents: WidgetConfigurationListDto = try await client.call(.GET, "/api/v1/widgets/config", token: family.parent.token)
            // assert
            #expect(first.widgetType == "goal" && first.widgetSize == "small")
            #expect(replaced.id == first.id && replaced.createdAt == first.createdAt && replaced.updatedAt > first.updatedAt)
            #expect(replaced.configuration == .object(["goalId": .string(goal.id.uuidString), "showAmount": .bool(false)]))
            #expect(mine.widgets.map { "\($0.widgetType)/\($0.widgetSize)" } == ["balance/medium", "goal/small"])
            #expect(balance.status == .ok, "\(balance.body.string)")
            let stored = try #require(try JSONSerialization.jsonObject(with: Data(balance.body.readableBytesView)) as? [String: Any])
            let configuration = try #require(stored["configuration"] as? [String: Any])
            #expect(configuration["refresh"] as? Int == 1)
            #expect(configuration["dark"] as? Bool == true)
            #expect(configuration["theme"] is NSNull)
            #expect(
                mine.widgets.first?.configuration
                    == .object([
                        "childId": .string(kai.id.uuidString), "refresh": .number(1), "dark": .bool(true), "theme": .null,
                        "tags": .array([.string("a"), .number(2.5)]),
                    ]))
            #expect(parents.widgets.isEmpty)
        }
    }

    @Test func badSetUpsAreRefusedAndNothingIsKept() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 5_00)), ("Freya", Money(cents: 5_00))])
            let (kai, freya) = (family.children[0], family.children[1])
            let freyasGoal = try await client.createGoal(for: freya, in: family, target: 20_00)
            func put(_ body: String, token: String) async throws -> (UInt, String?) {
                let response = try await client.send(.PUT, "/api/v1/widgets/config", token: token, body: body)
                return (response.status.code, response.error?.message)
            }
            // act and assert
            let type = try await put(#"{"widgetType":"clock","widgetSize":"small","configuration":{}}"#, token: kai.token)
            #expect(type.0 == 400 && type.1 == "widgetType must be one of balance, goal, quickActions")
            let size = try await put(#"{"widgetType":"balance","widgetSize":"huge","configuration":{}}"#, token: kai.token)
            #expect(size.0 == 400 && size.1 == "widgetSize must be one of small, medium, large")
            let notObject = try await put(#"{"widgetType":"balance","widgetSize":"small","configuration":[1]}"#, token: kai.token)
            #expect(notObject.0 == 400 && notObject.1?.hasPrefix("configuration must be a JSON object") == true)
            let noGoal = try await put(#"{"widgetType":"goal","widgetSize":"small","configuration":{}}"#, token: kai.token)
            // These fit /openapi.json (any object) but break a rule inside it: 422.
            #expect(noGoal.0 == 422 && noGoal.1 == "A goal widget needs configuration.goalId: the goal it shows")
            let badID = try await put(#"{"widgetType":"balance","widgetSize":"small","configuration":{"childId":7}}"#, token: kai.token)
            #expect(badID.0 == 422 && badID.1 == "configuration.childId must be a child's id")
            let big = String(repeating: "x", count: 5_000)
            #expect(
                try await put(#"{"widgetType":"balance","widgetSize":"small","configuration":{"n":"\#(big)"}}"#, token: kai.token).0 == 422)
            let sibling = try await put(
                #"{"widgetType":"goal","widgetSize":"small","configuration":{"goalId":"\#(freyasGoal.id)"}}"#, token: kai.token)
            #expect(sibling.0 == 404)
            let siblingChild = try await put(
                #"{"widgetType":"balance","widgetSize":"small","configuration":{"childId":"\#(freya.id)"}}"#, token: kai.token)
            #expect(siblingChild.0 == 404)
            #expect(try await client.send(.GET, "/api/v1/widgets/config").status == .unauthorized)
            let mine: WidgetConfigurationListDto = try await client.call(.GET, "/api/v1/widgets/config", token: kai.token)
            #expect(mine.widgets.isEmpty)
        }
    }
}
