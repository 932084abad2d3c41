import AllowanceKit
import Foundation
import Testing

@MainActor @Suite struct TransactionViewModelTests {
    @Test func theListPagesNewestFirst() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: client)
            for index in 1...4 { try await server.record(.credit, cents: 100, "Chore \(index)", for: kai.id, using: client) }
            let viewModel = TransactionListViewModel(childId: kai.id, client: client, pageSize: 2)
            await viewModel.load()
            #expect(viewModel.transactions.count == 2)
            #expect(viewModel.hasMore)
            await viewModel.loadMore()
            await viewModel.loadMore()
            #expect(viewModel.transactions.count == 5)
            #expect(!viewModel.hasMore)
            #expect(Set(viewModel.transactions.map(\.id)).count == 5)
            #expect(viewModel.transactions.first?.description == "Chore 4")
        }
    }

    @Test func searchAndFilterAskTheServer() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: client)
            try await server.record(.debit, cents: 300, "Bike bell", for: kai.id, using: client)
            try await server.record(.credit, cents: 500, "Birthday", for: kai.id, using: client)
            let viewModel = TransactionListViewModel(childId: kai.id, client: client, format: usFormat)
            await viewModel.search("bell")
            #expect(viewModel.transactions.map(\.description) == ["Bike bell"])
            #expect(viewModel.row(viewModel.transactions[0]).amountText == "-$3.00")
            await viewModel.search("")
            await viewModel.select(.credit)
            #expect(viewModel.transactions.allSatisfy { $0.type == .credit })
            #expect(viewModel.transactions.count == 2)
            await viewModel.search("nothing like this")
            #expect(viewModel.isEmpty)
        }
    }

    @Test func pullToRefreshShowsNewRows() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: client)
            let viewModel = TransactionListViewModel(childId: kai.id, client: client)
            await viewModel.load()
            let before = viewModel.transactions.count
            try await server.record(.credit, cents: 100, "Found a coin", for: kai.id, using: client)
            await viewModel.refresh()
            #expect(viewModel.transactions.count == before + 1)
            #expect(!viewModel.isRefreshing)
        }
    }

    @Test func offlineTheLastLedgerPageIsShownStale() async throws {
        let directory = temporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = OfflineCache(directory: directory)
        let kaiId = try await withServer { server in
            let client = try await server.parentClient()
            let kaiId = try await server.child(named: "Kai", using: client).id
            try await server.record(.debit, cents: 250, "Comic", for: kaiId, using: client)
            await TransactionListViewModel(childId: kaiId, client: client, cache: cache).load()
            return kaiId
        }
        let offline = APIClient(
            server: unreachableServer, tokenStore: InMemoryTokenStore(StoredSession(server: unreachableServer, token: "t")))
        let viewModel = TransactionListViewModel(childId: kaiId, client: offline, cache: cache)
        await viewModel.load()
        #expect(viewModel.state.isStale)
        #expect(viewModel.transactions.first?.description == "Comic")
    }

    @Test func theDetailLoadsByIdAndReadsForPeople() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: client)
            let entry = try await server.record(.credit, cents: 1250, "Birthday", for: kai.id, using: client)
            let viewModel = TransactionDetailViewModel(transactionId: entry.id, client: client, format: usFormat)
            await viewModel.load()
            #expect(viewModel.state == .loaded)
            #expect(viewModel.row?.amountText == "+$12.50")
            #expect(viewModel.row?.balanceAfterText == "$112.50")
            #expect(viewModel.row?.createdByName?.isEmpty == false)
        }
    }

    @Test func createPreviewsTheNewBalanceAndRecords() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let viewModel = CreateTransactionViewModel(client: client, format: usFormat)
            await viewModel.loadChildren()
            viewModel.selectedChildId = try await server.child(named: "Kai", using: client).id
            viewModel.type = .debit
            viewModel.amount = "12.50"
            viewModel.description = "Lego"
            #expect(viewModel.preview == BalancePreview(currentText: "$100.00", newText: "$87.50", isOverdrawn: false))
            #expect(viewModel.canCreate)
            await viewModel.create()
            #expect(viewModel.isCreated)
            #expect(viewModel.created?.balanceAfter == Money(cents: 8750))
            #expect(viewModel.selectedChild?.currentBalance == Money(cents: 8750))
        }
    }

    @Test func insufficientFundsIsSaidBeforeSending() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let viewModel = CreateTransactionViewModel(client: client, format: usFormat)
            await viewModel.loadChildren()
            let kai = try await server.child(named: "Kai", using: client)
            viewModel.selectedChildId = kai.id
            viewModel.type = .debit
            viewModel.amount = "150"
            viewModel.description = "Bike"
            #expect(viewModel.insufficientFundsMessage == "Insufficient balance: Kai has $100.00")
            #expect(viewModel.preview?.isOverdrawn == true)
            #expect(!viewModel.canCreate)
            await viewModel.create()
            #expect(viewModel.errorMessage == "Insufficient balance: Kai has $100.00")
            #expect(try await client.balance(of: kai.id).currentBalance == Money(cents: 10_000))
        }
    }

    @Test(arguments: [
        ("", "Lego", "Amount is required"),
        ("abc", "Lego", "Please enter a valid amount"),
        ("0", "Lego", "Amount must be greater than zero"),
        ("5", " ", "Description is required"),
    ])
    func createValidatesTheForm(amount: String, description: String, message: String) async throws {
        let viewModel = CreateTransactionViewModel(client: APIClient(server: unreachableServer))
        await viewModel.create()
        #expect(viewModel.errorMessage == "Please select a child")
        try await withServer { server in
            let client = try await server.parentClient()
            let form = CreateTransactionViewModel(client: client)
            await form.loadChildren()
            form.amount = amount
            form.description = description
            await form.create()
            #expect(form.errorMessage == message)
            #expect(!form.isCreated)
        }
    }

    @Test func aRetryAfterNoAnswerReusesTheKeyAndMovesMoneyOnce() async throws {
        try await withServer { server in
            // Both the first try and the client's own repeat lose their answers.
            let transport = AnswerDroppingTransport(drops: 2)
            let client = try await server.parentClient(transport: transport)
            let kai = try await server.child(named: "Kai", using: client)
            let viewModel = CreateTransactionViewModel(client: client, childId: kai.id)
            await viewModel.loadChildren()
            viewModel.amount = "5"
            viewModel.description = "Pocket money"
            await viewModel.create()
            #expect(viewModel.errorMessage == APIError.timedOut.message)
            let key = try #require(viewModel.retryKey)
            // The person presses the button again.
            await viewModel.create()
            #expect(viewModel.isCreated)
            #expect(Set(transport.keys) == [key])
            #expect(try await client.balance(of: kai.id).currentBalance == Money(cents: 10_500))
        }
    }
}
