import AllowanceKit
import ArgumentParser
import Foundation

struct HistoryCommand: TerminalCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "A child's ledger, newest first.")

    @Argument(help: "The child's first name or id.")
    var child: String

    @Option(help: "How many entries (1-100).")
    var limit = 20

    @Option(help: "Skip this many of the newest entries.")
    var offset = 0

    @Option(help: "Only entries whose description or category holds this text.")
    var search: String?

    @Option(help: "credit or debit.")
    var type: String?

    @OptionGroup var options: JSONFlag

    func output(in context: CommandContext) async throws -> String {
        let kind = try type.map(parseType)
        let client = try context.signedInClient()
        let found = try await context.child(child, on: client)
        let page = try await client.transactions(
            of: found.id, TransactionQuery(limit: limit, offset: offset, type: kind, search: search))
        if options.json { return try context.json(page) }
        guard !page.transactions.isEmpty else { return "No transactions\(search.map { " matching \"\($0)\"" } ?? "").\n" }
        let format = try await context.format(on: client)
        var table = TextTable([("DATE", .left), ("DESCRIPTION", .left), ("AMOUNT", .right), ("BALANCE", .right)])
        for entry in page.transactions {
            table.append([
                format.date(entry.createdAt), entry.description, format.signedMoney(entry.type.signed(entry.amount)),
                format.money(entry.balanceAfter),
            ])
        }
        let more = page.hasMore ? "More entries follow: --offset \(offset + page.transactions.count).\n" : ""
        return table.text + more
    }

    private func parseType(_ text: String) throws -> TransactionType {
        guard let kind = TransactionType.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
            throw CLIError("--type must be credit or debit.")
        }
        return kind
    }
}

struct ExportCommand: TerminalCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "A child's whole ledger as CSV or JSON, for spreadsheets and scripts.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, json
    }

    @Argument(help: "The child's first name or id.")
    var child: String

    @Option(help: "csv or json.")
    var format: Format = .csv

    func output(in context: CommandContext) async throws -> String {
        let client = try context.signedInClient()
        let found = try await context.child(child, on: client)
        let rows = try await client.allTransactions(of: found.id)
        switch format {
        case .csv: return TransactionCSV.document(rows)
        case .json: return try context.json(rows)
        }
    }
}
