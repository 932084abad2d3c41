import AllowanceKit
import Foundation
import Testing

@MainActor @Suite struct RecurringAndTemplatesViewModelTests {
    @Test func theEditorValidatesCreatesAndChangesASchedule() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: client)
            let editor = RecurringEditorViewModel(client: client, childId: kai.id)
            await editor.save()
            #expect(editor.problem?.message == "Name is required")
            editor.name = "Chores"
            editor.amount = "3"
            editor.pattern = .weekly
            editor.dayOfWeek = 3
            await editor.save()
            let saved = try #require(editor.saved)
            #expect(saved.amount == Money(cents: 300))
            #expect(saved.dayOfWeek == 3)
            let change = RecurringEditorViewModel(client: client, existing: saved)
            #expect(change.amount == "3.00")
            change.amount = "4.50"
            await change.save()
            #expect(change.saved?.amount == Money(cents: 450))
        }
    }

    @Test func theListPausesResumesPostsAndDeletes() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: client)
            let schedule = try await client.createRecurringTransaction(
                CreateRecurringTransactionDto(
                    childId: kai.id, name: "Pocket money", amount: Money(cents: 200), type: .credit, pattern: .weekly, dayOfWeek: 1,
                    startDate: server.now.value))
            let viewModel = RecurringListViewModel(client: client)
            await viewModel.load()
            #expect(viewModel.schedules.map(\.name) == ["Pocket money"])
            await viewModel.pause(schedule.id)
            #expect(viewModel.schedules.first?.isPaused == true)
            await viewModel.resume(schedule.id)
            #expect(viewModel.schedules.first?.isPaused == false)
            await viewModel.executeNow(schedule.id)
            #expect(viewModel.problem == nil)
            #expect(try await client.balance(of: kai.id).currentBalance == Money(cents: 10_200))
            await viewModel.delete(schedule.id)
            #expect(viewModel.isEmpty)
        }
    }

    @Test func quickAddRecordsATemplateAtItsDefaultOrATypedAmount() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: client)
            let viewModel = TemplatesViewModel(childId: kai.id, client: client, format: usFormat)
            await viewModel.load()
            let lunch = try #require(viewModel.templates.first { $0.name == "Lunch" })
            #expect(viewModel.amountText(lunch) == "$5.00")
            await viewModel.use(lunch)
            #expect(viewModel.lastRecorded?.hasSuffix("-$5.00") == true)
            viewModel.amountOverride = "1.005"
            await viewModel.use(lunch)
            #expect(viewModel.problem?.message == "Please enter a valid amount")
            viewModel.amountOverride = "2.50"
            await viewModel.use(lunch)
            #expect(try await client.balance(of: kai.id).currentBalance == Money(cents: 9250))
        }
    }
}
