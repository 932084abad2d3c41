import AllowanceCLI
import AllowanceKit
import Foundation

/// What one run of `allowance` printed and answered.
struct CLIRun: Sendable, Equatable {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// A terminal of its own for each test: a private config directory (so the saved session is
/// the test's), captured output, and the password typed at the prompt.
final class CLIHarness: @unchecked Sendable {
    // A lock guards the captured text: the command writes from its task.
    private let lock = NSLock()
    private var out = ""
    private var err = ""
    private(set) var prompts: [String] = []
    let configHome: URL
    var environment: [String: String]
    var typedPassword = LiveServer.password
    /// How the commands reach the server (a test's transport may lose answers).
    var transport: any HTTPTransport = URLSessionTransport()

    init(environment: [String: String] = [:]) {
        configHome = FileManager.default.temporaryDirectory.appendingPathComponent("allowance-cli-\(UUID().uuidString)")
        self.environment = environment.merging(["XDG_CONFIG_HOME": configHome.path, "HOME": configHome.path]) { $1 }
    }

    deinit { try? FileManager.default.removeItem(at: configHome) }

    var credentialsFile: URL { FileTokenStore.defaultURL(environment: environment) }

    /// Runs one command line in process, with `stdin` as standard input.
    func run(_ arguments: [String], stdin: String? = nil) async -> CLIRun {
        lock.withLock {
            out = ""
            err = ""
        }
        let password = typedPassword
        let terminal = Terminal(
            environment: environment,
            write: { text in self.lock.withLock { self.out += text } },
            writeError: { text in self.lock.withLock { self.err += text } },
            readSecret: { prompt in
                self.lock.withLock { self.prompts.append(prompt) }
                return password
            },
            readStandardInput: { stdin },
            transport: transport, locale: Locale(identifier: "en_US"))
        let status = await AllowanceCommand.run(arguments, in: terminal)
        return lock.withLock { CLIRun(status: status, stdout: out, stderr: err) }
    }

    /// `allowance login` as the demo parent, password on standard input.
    @discardableResult
    func login(_ server: LiveServer, email: String = LiveServer.parentEmail) async -> CLIRun {
        await run(["login", "--server", server.url.absoluteString, "--email", email, "--password-stdin"], stdin: "allowance\n")
    }
}
