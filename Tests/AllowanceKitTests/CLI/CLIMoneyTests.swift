import AllowanceAPI
import AllowanceKit
import Foundation
import Testing

@Suite struct CLIMoneyTests {
    @Test func childrenBalanceAddAndSpendAsTheREADMEShows() async throws {
        try await withLiveServer { server in
            // setup
            let cli = CLIHarness()
            await cli.login(server)
            // act and assert, command by command
            let children = await cli.run(["children"])
            #expect(children.status == 0)
            let lines = children.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "NAME   BALANCE  SAVINGS  WEEKLY  NEXT PAYDAY")
            #expect(lines.count == 3)
            #expect(lines.contains { $0.hasPrefix("Kai    $100.00    $0.00  $10.00  ") })

            let added = await cli.run(["add", "Kai", "5.50", "Washed the car"])
            #expect(added == CLIRun(status: 0, stdout: "Added $5.50 to Kai: Washed the car. Balance: $105.50.\n", stderr: ""))

            let spent = await cli.run(["spend", "Kai", "3", "Comic"])
            #expect(spent == CLIRun(status: 0, stdout: "Spent $3.00 from Kai: Comic. Balance: $102.50.\n", stderr: ""))

            let balance = await cli.run(["balance", "Kai"])
            #expect(balance.stdout == "Kai: $102.50\n")
        }
    }

    /// A person told to "try again" after a lost answer would post the money twice with a new
    /// key: the error gives the attempt's key, and running the command again with it finishes
    /// the attempt (here the first send had reached the server: the money moved once).
    @Test func aLostAnswerSaysTheOutcomeIsUnknownAndGivesTheKeyThatFinishesIt() async throws {
        try await withLiveServer { server in
            let cli = CLIHarness()
            await cli.login(server)
            cli.transport = AnswerDroppingTransport(drops: 2)
            let lost = await cli.run(["add", "Freya", "1.11", "Slow again"])
            #expect(lost.status == 1 && lost.stdout.isEmpty)
            #expect(lost.stderr.hasPrefix("error: The server did not answer in time, so the money may or may not have moved."))
            let key = try #require(lost.stderr.firstMatch(of: /--idempotency-key ([0-9A-F-]{36})/)?.1)
            #expect(lost.stderr.hasSuffix("or check `allowance history Freya` first.\n"))
            let finished = await cli.run(["add", "Freya", "1.11", "Slow again", "--idempotency-key", String(key)])
            #expect(finished == CLIRun(status: 0, stdout: "Added $1.11 to Freya: Slow again. Balance: $101.11.\n", stderr: ""))
            #expect(await cli.run(["balance", "Freya"]).stdout == "Freya: $101.11\n")
        }
    }

    @Test func aShortBalanceIsRefusedWithTheServersMessage() async throws {
        try await withLiveServer { server in
            let cli = CLIHarness()
            await cli.login(server)
            let run = await cli.run(["spend", "Freya", "250", "Bike"])
            #expect(run == CLIRun(status: 1, stdout: "", stderr: "error: Insufficient balance: Freya has $100.00\n"))
            #expect(await cli.run(["balance", "Freya"]).stdout == "Freya: $100.00\n")
        }
    }

    @Test func amountsAreExactOrRefused() async throws {
        try await withLiveServer { server in
            let cli = CLIHarness()
            await cli.login(server)
            let tooFine = await cli.run(["add", "Kai", "5.555", "Odd"])
            #expect(tooFine == CLIRun(status: 1, stdout: "", stderr: "error: \"5.555\" has more than two decimal places, e.g. 5.50.\n"))
            let negative = await cli.run(["add", "Kai", "-5", "Odd"])
            #expect(negative.status != 0)
            let exact = await cli.run(["add", "Kai", "0.10", "Dime", "--json"])
            let entry = try JSONDecoder.api.decode(TransactionResponse.self, from: Data(exact.stdout.utf8))
            #expect(entry.amount == Money(cents: 10))
            #expect(entry.balanceAfter == Money(cents: 10_010))
        }
    }

    @Test func childrenAreNamedByFirstNameOrId() async throws {
        try await withLiveServer { server in
            let cli = CLIHarness()
            await cli.login(server)
            let unknown = await cli.run(["balance", "Bob"])
            #expect(unknown == CLIRun(status: 1, stdout: "", stderr: "error: No child named \"Bob\". Children: Freya, Kai.\n"))
            let json = await cli.run(["children", "--json"])
            let children = try JSONDecoder.api.decode([ChildResponse].self, from: Data(json.stdout.utf8))
            let kai = try #require(children.first { $0.firstName == "Kai" })
            #expect(await cli.run(["balance", kai.id.uuidString]).stdout == "Kai: $100.00\n")
        }
    }

    @Test func historySearchesAndLimits() async throws {
        try await withLiveServer { server in
            // setup
            let cli = CLIHarness()
            await cli.login(server)
            await cli.run(["spend", "Kai", "3", "Comic"])
            await cli.run(["spend", "Kai", "2", "Comic book sticker"])
            await cli.run(["add", "Kai", "1", "Found a coin"])
            // act
            let run = await cli.run(["history", "Kai", "--limit", "20", "--search", "comic"])
            let json = await cli.run(["history", "Kai", "--limit", "1", "--json"])
            // assert
            #expect(run.status == 0)
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 3)
            #expect(lines[0].hasPrefix("DATE"))
            #expect(lines[1].contains("Comic book sticker") && lines[1].contains("-$2.00") && lines[1].hasSuffix("$95.00"))
            #expect(lines[2].contains("Comic ") && lines[2].contains("-$3.00"))
            let page = try JSONDecoder.api.decode(TransactionListResponse.self, from: Data(json.stdout.utf8))
            #expect(page.transactions.map(\.description) == ["Found a coin"])
            #expect(page.hasMore)
        }
    }

    @Test func exportWritesTheWholeLedgerAsCSV() async throws {
        try await withLiveServer { server in
            let cli = CLIHarness()
            await cli.login(server)
            await cli.run(["add", "Kai", "5.50", "Washed the car, twice"])
            let run = await cli.run(["export", "Kai", "--format", "csv"])
            #expect(run.status == 0)
            let lines = run.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
            #expect(lines.first == TransactionCSV.header.joined(separator: ","))
            #expect(lines[1].contains(",Credit,5.50,105.50,\"Washed the car, twice\","))
            #expect(lines.count >= 3)
        }
    }

    /// A credit posted while the export reads its pages: the export is the ledger as it began,
    /// every row once, so its amounts add up to the balance its newest row shows.
    @Test func anExportReadWhileMoneyMovesHoldsEachRowOnce() async throws {
        try await withLiveServer { server in
            let parent = try await server.parentClient()
            let kai = try #require(try await parent.children().first { $0.firstName == "Kai" })
            for index in 1...100 {
                _ = try await parent.createTransaction(
                    CreateTransactionRequest(childId: kai.id, amount: Money(cents: 1), type: .credit, description: "Row \(index)"))
            }
            let before = try await parent.allTransactions(of: kai.id)
            let cli = CLIHarness()
            await cli.login(server)
            cli.transport = PostingBetweenPagesTransport {
                _ = try await parent.createTransaction(
                    CreateTransactionRequest(childId: kai.id, amount: Money(cents: 50), type: .credit, description: "Meanwhile"))
            }
            let run = await cli.run(["export", "Kai", "--format", "json"])
            #expect(run.status == 0)
            let rows = try JSONDecoder.api.decode([TransactionResponse].self, from: Data(run.stdout.utf8))
            #expect(rows.map(\.id) == before.map(\.id))
            #expect(Set(rows.map(\.id)).count == rows.count)
            let signed = rows.reduce(Money.zero) { $0 + ($1.type == .credit ? $1.amount : Money.zero - $1.amount) }
            #expect(signed == rows.first?.balanceAfter)
        }
    }

    /// The later pages of an export end just after its newest row. The wire keeps whole
    /// milliseconds, and at about one instant in ten the newest row's time plus 1 ms, once
    /// written, fell back on that time: the pages then left out every row of that millisecond.
    /// Here all 100 new rows are posted at such an instant (the test server's clock stands still).
    @Test func anExportWhoseNewestRowsShareAnAwkwardMillisecondHoldsThemAll() async throws {
        try await withLiveServer { server in
            server.now.value = Self.instantAPlusOneMillisecondBoundLost(after: server.now.value)
            let parent = try await server.parentClient()
            let kai = try #require(try await parent.children().first { $0.firstName == "Kai" })
            for index in 1...100 {
                _ = try await parent.createTransaction(
                    CreateTransactionRequest(childId: kai.id, amount: Money(cents: 1), type: .credit, description: "Row \(index)"))
            }
            let cli = CLIHarness()
            await cli.login(server)
            let run = await cli.run(["export", "Kai", "--format", "json"])
            #expect(run.status == 0)
            let rows = try JSONDecoder.api.decode([TransactionResponse].self, from: Data(run.stdout.utf8))
            #expect(rows.count == 101, "100 new rows and the opening balance")
            let signed = rows.reduce(Money.zero) { $0 + ($1.type == .credit ? $1.amount : Money.zero - $1.amount) }
            #expect(signed == rows.first?.balanceAfter && signed == Money(cents: 101_00))
        }
    }

    /// An instant an hour after `start` whose time as the wire shows it, plus 1 ms, written
    /// again, is not after it.
    static func instantAPlusOneMillisecondBoundLost(after start: Date) -> Date {
        var candidate = start.addingTimeInterval(3_600)
        while true {
            if let shown = ISO8601Wire.parse(ISO8601Wire.text(candidate)),
                let bound = ISO8601Wire.parse(ISO8601Wire.text(shown.addingTimeInterval(0.001))), bound <= candidate
            {
                return candidate
            }
            candidate = candidate.addingTimeInterval(0.0137)
        }
    }
}
