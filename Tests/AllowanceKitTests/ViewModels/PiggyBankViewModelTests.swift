import AllowanceKit
import Foundation
import Testing

/// piggy-bank.md's tests (balance, logging, add and subtract) on the device's file and on the server.
@MainActor @Suite struct PiggyBankViewModelTests {
    /// A fresh piggy bank file, removed with its directory by the test.
    private func localStore() throws -> (LocalPiggyBankStore, URL) {
        let directory = temporaryCacheDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (try LocalPiggyBankStore(path: directory.appendingPathComponent("piggy.sqlite").path), directory)
    }

    @Test func theFirstLaunchHasKaiAndFreyaWithAHundredDollars() async throws {
        let (store, directory) = try localStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let viewModel = PiggyBankViewModel(store: store, format: usFormat)
        await viewModel.load()
        #expect(viewModel.tallies.map(\.name) == ["Freya", "Kai"])
        #expect(viewModel.tallies.map { viewModel.balanceText($0) } == ["$100.00", "$100.00"])
        // Reopening the file does not seed again.
        let again = PiggyBankViewModel(store: try LocalPiggyBankStore(path: directory.appendingPathComponent("piggy.sqlite").path))
        viewModel.requestDelete(viewModel.tallies[0])
        await viewModel.confirmDelete()
        await again.load()
        #expect(again.tallies.map(\.name) == ["Kai"])
    }

    @Test func everyChangeIsAHistoryRowInExactCents() async throws {
        let (store, directory) = try localStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let viewModel = PiggyBankViewModel(store: store, format: usFormat)
        await viewModel.load()
        let kai = try #require(viewModel.tallies.first { $0.name == "Kai" })
        viewModel.note = "Ice cream"
        await viewModel.quickSubtract(kai)
        viewModel.amount = "0.10"
        await viewModel.addFunds(to: kai)
        viewModel.amount = "0.20"
        await viewModel.addFunds(to: kai)
        #expect(viewModel.tallies.first { $0.id == kai.id }?.balance == Money(cents: 95_30))
        #expect(viewModel.history.count == 4)
        #expect(viewModel.history.last?.note == "Starting balance")
        #expect(viewModel.history.first { $0.type == .debit }?.note == "Ice cream")
        #expect(viewModel.history.first?.balanceAfter == Money(cents: 95_30))
    }

    @Test func subtractingMoreThanTheBalanceIsRefusedAndNothingIsLogged() async throws {
        let (store, directory) = try localStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let viewModel = PiggyBankViewModel(store: store, format: usFormat)
        await viewModel.load()
        let freya = try #require(viewModel.tallies.first { $0.name == "Freya" })
        viewModel.amount = "100.01"
        await viewModel.subtractFunds(from: freya)
        #expect(viewModel.problem?.message == "Insufficient balance: Freya has $100.00")
        viewModel.amount = "1.005"
        await viewModel.subtractFunds(from: freya)
        #expect(viewModel.problem?.message == "Please enter a valid amount")
        await viewModel.openHistory(of: freya)
        #expect(viewModel.history.count == 1)
    }

    @Test func addRenameAndDeleteWithConfirmation() async throws {
        let (store, directory) = try localStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let viewModel = PiggyBankViewModel(store: store, format: usFormat)
        await viewModel.load()
        await viewModel.addTally(name: " ")
        #expect(viewModel.problem?.message == "Name is required")
        await viewModel.addTally(name: "Mia", opening: "20")
        let mia = try #require(viewModel.tallies.first { $0.name == "Mia" })
        #expect(mia.balance == Money(cents: 2000))
        await viewModel.rename(mia, to: "Mia Rose")
        #expect(viewModel.tallies.contains { $0.name == "Mia Rose" })
        viewModel.requestDelete(mia)
        #expect(viewModel.deletionQuestion == "Delete Mia's piggy bank? Its history is deleted too.")
        viewModel.cancelDelete()
        #expect(viewModel.tallies.count == 3)
        viewModel.requestDelete(mia)
        await viewModel.confirmDelete()
        #expect(viewModel.tallies.map(\.name) == ["Freya", "Kai"])
    }

    @Test func theSameViewModelWorksOnTheServer() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let viewModel = PiggyBankViewModel(store: ServerPiggyBankStore(client: client), format: usFormat)
            await viewModel.load()
            #expect(viewModel.tallies.map(\.name) == ["Freya", "Kai"])
            let kai = try #require(viewModel.tallies.first { $0.name == "Kai" })
            await viewModel.quickSubtract(kai)
            #expect(viewModel.tallies.first { $0.id == kai.id }?.balance == Money(cents: 95_00))
            #expect(try await client.balance(of: kai.id).currentBalance == Money(cents: 95_00))
            viewModel.amount = "200"
            await viewModel.subtractFunds(from: kai)
            #expect(viewModel.problem?.message == "Insufficient balance: Kai has $95.00")
            await viewModel.rename(kai, to: "Kai B")
            #expect(try await client.child(kai.id).firstName == "Kai B")
            await viewModel.addTally(name: "Mia")
            #expect(viewModel.problem?.message.contains("Add Child") == true)
        }
    }

    @Test func aLocalPiggyBankMovesIntoANewFamilyWithItsHistory() async throws {
        let (store, directory) = try localStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let local = PiggyBankViewModel(store: store)
        await local.load()
        let kai = try #require(local.tallies.first { $0.name == "Kai" })
        local.note = "Comic"
        await local.quickSubtract(kai)
        try await withServer { server in
            let client = server.client()
            let children = try await store.moveIntoNewFamily(
                RegisterParentRequest(email: "pat@example.com", password: "secret1", firstName: "Pat", lastName: "Lee", familyName: "Lees"),
                login: { ChildLogin(email: "\($0.name.lowercased())@lees.example", password: "secret1") }, using: client)
            #expect(children.map(\.firstName).sorted() == ["Freya", "Kai"])
            let movedKai = try #require(children.first { $0.firstName == "Kai" })
            #expect(movedKai.currentBalance == Money(cents: 95_00))
            let ledger = try await client.allTransactions(of: movedKai.id)
            #expect(ledger.map(\.description) == ["Comic", "Starting balance"])
            #expect(try await store.tallies().isEmpty)
        }
    }
}
