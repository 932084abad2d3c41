import AllowanceKit
import ArgumentParser
import Foundation

struct LoginCommand: TerminalCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Sign in and keep the session for later commands (asks for the password).")

    @Option(help: "The server, e.g. http://127.0.0.1:8080 (default: ALLOWANCE_SERVER).")
    var server: String?

    @Option(help: "The email you sign in with.")
    var email: String

    @Flag(help: "Read the password from standard input (for scripts).")
    var passwordStdin = false

    @Flag(help: "Stay signed in for 30 days instead of one.")
    var remember = false

    func output(in context: CommandContext) async throws -> String {
        guard let text = server ?? context.environment["ALLOWANCE_SERVER"] else {
            throw CLIError("Which server? Pass --server http://HOST:PORT or set ALLOWANCE_SERVER.")
        }
        guard let url = context.serverURL(text) else { throw CLIError("\"\(text)\" is not a server address (try http://127.0.0.1:8080).") }
        guard let password = readPassword(in: context), !password.isEmpty else { throw CLIError("No password was given.") }
        let auth = try await context.client(for: url).login(email: email, password: password, rememberMe: remember)
        let role = auth.role == .parent ? "parent" : "child"
        return "Signed in to \(url.absoluteString) as \(auth.firstName) \(auth.lastName) (\(role), \(auth.familyName)).\n"
    }

    private func readPassword(in context: CommandContext) -> String? {
        if passwordStdin {
            // One line: a trailing newline from `echo` is not part of the password.
            return context.terminal.readStandardInput()?.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).first
                .map(String.init)
        }
        return context.terminal.readSecret("Password for \(email): ")
    }
}

struct LogoutCommand: TerminalCommand {
    static let configuration = CommandConfiguration(commandName: "logout", abstract: "Sign out and forget the saved session.")

    func output(in context: CommandContext) async throws -> String {
        guard let session = try context.credentials.load() else { return "Not signed in.\n" }
        do {
            try await context.client(for: session.server).logout()
        } catch let error as APIError {
            // The saved session is gone either way; say what the server did not hear.
            return "Signed out here; the server was not told (\(error.message))\n"
        }
        return "Signed out.\n"
    }
}
