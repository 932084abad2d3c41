import AllowanceKit
import ArgumentParser
import Foundation

/// A command of `allowance`: it returns everything it prints, so nothing is printed half
/// when a later step fails.
protocol TerminalCommand: ParsableCommand {
    func output(in context: CommandContext) async throws -> String
}

/// `allowance`: the family's money from a terminal or a script.
public struct AllowanceCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "allowance",
        abstract: "AllowanceTracker from the terminal: balances, the ledger, goals and schedules.",
        discussion: """
            Sign in once with `allowance login`, or set ALLOWANCE_SERVER and ALLOWANCE_TOKEN.
            Children are named by first name or id. Read commands take --json for scripts.
            """,
        subcommands: [
            LoginCommand.self, LogoutCommand.self, ChildrenCommand.self, BalanceCommand.self, AddCommand.self, SpendCommand.self,
            HistoryCommand.self, GoalsCommand.self, ContributeCommand.self, RecurringCommand.self, ExportCommand.self,
        ])

    public init() {}

    /// Runs one command line (without the program name) and answers its exit status:
    /// 0 done, 1 refused or failed (the reason on standard error), 64 a usage mistake.
    public static func run(_ arguments: [String], in terminal: Terminal) async -> Int32 {
        if let signed = signedAmount(in: arguments) {
            terminal.writeError(
                "error: \(Terminal.printable(signed)) is an amount with a sign; amounts are written without one. "
                    + "`allowance add` adds money, `allowance spend` takes it away.\n")
            return 64
        }
        let parsed: ParsableCommand
        do {
            parsed = try parseAsRoot(arguments)
        } catch {
            return report(error, in: terminal)
        }
        guard let command = parsed as? any TerminalCommand else {
            // `allowance`, `--help` and `help`: their run() asks for help by throwing.
            do {
                var asked = parsed
                try asked.run()
                return 0
            } catch {
                return report(error, in: terminal)
            }
        }
        do {
            let text = try await command.output(in: CommandContext(terminal: terminal))
            terminal.write(Terminal.printable(text))
            return 0
        } catch let error as APIError {
            terminal.writeError("error: \(Terminal.printable(error.terminalMessage(environment: terminal.environment)))\n")
        } catch let error as CLIError {
            terminal.writeError("error: \(Terminal.printable(error.message))\n")
        } catch {
            return report(error, in: terminal)
        }
        return 1
    }

    /// A negative amount given to a command that moves money (`add Kai -5 Candy`): the parser
    /// would take it for an option it does not know, which tells the person nothing useful.
    /// Arguments after `--` are the parser's to judge.
    private static func signedAmount(in arguments: [String]) -> String? {
        guard let name = arguments.first, ["add", "spend", "contribute"].contains(name) else { return nil }
        return arguments.dropFirst().prefix { $0 != "--" }.first { $0.count > 1 && $0.hasPrefix("-") && Double($0) != nil }
    }

    /// Help goes to standard output with status 0; a usage mistake to standard error.
    private static func report(_ error: any Error, in terminal: Terminal) -> Int32 {
        let status = exitCode(for: error)
        let message = fullMessage(for: error)
        if status == .success {
            terminal.write(message + "\n")
        } else {
            terminal.writeError(message + "\n")
        }
        return status.rawValue == 0 ? 0 : status.rawValue
    }
}

/// `--json` for read commands.
struct JSONFlag: ParsableArguments {
    @Flag(help: "Print the API's JSON (for scripts).")
    var json = false
}
