import AllowanceKit
import Foundation
import Testing

/// What Siri says for "check my balance", "how close am I to my goal" and "add a quick
/// transaction": the server's spoken words, through the app's session.
@MainActor @Suite struct VoiceAssistantTests {
    @Test func checkMyBalanceSpeaksTheServersSentence() async throws {
        try await withServer { server in
            // setup
            let kaiClient = try await server.childClient("kai@example.com")
            let kaiId = try #require(await kaiClient.currentSession()?.user?.childId)
            // act
            let answer = await VoiceAssistant(client: kaiClient).balance(childId: nil)
            // assert
            #expect(answer == (try await kaiClient.spokenBalance(of: kaiId).spokenResponse))
            #expect(answer.hasPrefix("You have $100.00."))
            let parentAnswer = await VoiceAssistant(client: try await server.parentClient()).balance(childId: nil)
            #expect(parentAnswer.contains("Kai has $100.00.") && parentAnswer.contains("Freya has $100.00."))
        }
    }

    @Test func howCloseAmIToMyGoalUsesTheFrontGoal() async throws {
        try await withServer { server in
            // setup
            let parent = try await server.parentClient()
            let kaiClient = try await server.childClient("kai@example.com")
            #expect(await VoiceAssistant(client: kaiClient).goalProgress(goalId: nil) == "You don't have a savings goal yet.")
            #expect(await VoiceAssistant(client: parent).goalProgress(goalId: nil) == "No one in your family has a savings goal yet.")
            let kai = try await server.child(named: "Kai", using: parent)
            let goal = try await parent.createSavingsGoal(
                CreateSavingsGoalDto(childId: kai.id, name: "New bike", targetAmount: Money(cents: 4000)))
            _ = try await parent.contribute(to: goal.id, ContributeToGoalDto(amount: Money(cents: 1000)))
            // act
            let answer = await VoiceAssistant(client: kaiClient).goalProgress(goalId: nil)
            // assert
            #expect(answer == (try await kaiClient.spokenGoalProgress(of: goal.id).spokenResponse))
            #expect(answer.contains("25% of the way to New bike"))
            #expect(await VoiceAssistant(client: parent).goalProgress(goalId: goal.id).hasPrefix("Kai is 25%"))
            #expect(
                try await VoiceAssistant(client: parent).goalChoices() == [IntentChoice(id: goal.id, title: "New bike", subtitle: "Kai")])
        }
    }

    @Test func aQuickTransactionFromATemplateIsRecordedOnceAndSaid() async throws {
        try await withServer { server in
            // setup
            let parent = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: parent)
            let lunch = try #require(try await parent.templates().first { $0.name == "Lunch" })
            let assistant = VoiceAssistant(client: parent, format: usFormat)
            // act: no child chosen in a family of two
            let question = await assistant.quickAdd(templateId: lunch.id, childId: nil, amount: nil)
            // assert
            #expect(question.hasPrefix("Which child is it for?"))
            let key = UUID().uuidString
            let answer = await assistant.quickAdd(templateId: lunch.id, childId: kai.id, amount: nil, idempotencyKey: key)
            #expect(answer == "Done. Recorded Lunch for Kai: -$5.00. Kai now has $95.00.")
            // a retry with the same key (the answer was lost) moves nothing twice
            _ = await assistant.quickAdd(templateId: lunch.id, childId: kai.id, amount: nil, idempotencyKey: key)
            #expect(try await parent.balance(of: kai.id).currentBalance == Money(cents: 9500))
            let own = await VoiceAssistant(client: try await server.childClient("kai@example.com"), format: usFormat)
                .quickAdd(templateId: lunch.id, childId: nil, amount: Money(cents: 300))
            #expect(own == "Done. Recorded Lunch: -$3.00. You now have $92.00.")
            let siri = VoiceAssistant(client: parent, format: usFormat)
            #expect(
                await siri.quickAdd(templateId: lunch.id, childId: kai.id, decimalAmount: Decimal(string: "1.005")).hasPrefix(
                    "That amount can't"))
            #expect(await siri.quickAdd(templateId: lunch.id, childId: kai.id, decimalAmount: Decimal(2)).hasSuffix("Kai now has $90.00."))
        }
    }

    @Test func signedOutAndRefusedRequestsAreSpokenToo() async throws {
        try await withServer { server in
            let nobody = VoiceAssistant(client: server.client())
            #expect(await nobody.balance(childId: nil) == VoiceAssistant.signInFirst)
            let kaiClient = try await server.childClient("kai@example.com")
            let freya = try await server.child(named: "Freya", using: try await server.parentClient())
            let refusal = await VoiceAssistant(client: kaiClient).balance(childId: freya.id)
            #expect(!refusal.isEmpty && !refusal.contains("$100.00"))
            #expect(try await VoiceAssistant(client: kaiClient).childChoices().map(\.title) == ["Kai"])
            #expect(
                try await VoiceAssistant(client: kaiClient, format: usFormat).templateChoices().contains {
                    $0.title == "Lunch" && $0.subtitle == "$5.00 out"
                }
            )
        }
    }
}
