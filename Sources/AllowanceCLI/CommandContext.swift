import AllowanceKit
import Foundation

/// What a running command works with: the terminal, the signed-in client, display formats.
struct CommandContext: Sendable {
    let terminal: Terminal

    var environment: [String: String] { terminal.environment }

    /// The saved session lives here (`XDG_CONFIG_HOME`, else `~/.config`).
    var credentials: FileTokenStore { FileTokenStore(url: FileTokenStore.defaultURL(environment: environment)) }

    /// Money in the person's locale, days in the family's time zone (paydays fall on its days).
    func format(on client: APIClient) async throws -> DisplayFormat {
        let family = try await client.family()
        return DisplayFormat(locale: terminal.locale, timeZone: TimeZone(identifier: family.timeZone) ?? .current)
    }

    /// For money alone, where no day is shown.
    var moneyFormat: DisplayFormat { DisplayFormat(locale: terminal.locale) }

    /// A client for `server` that keeps its session in the credentials file.
    func client(for server: URL) -> APIClient {
        APIClient(server: server, tokenStore: credentials, transport: terminal.transport, now: terminal.now)
    }

    /// The signed-in client: `ALLOWANCE_SERVER` with `ALLOWANCE_TOKEN` when set, otherwise the
    /// session saved by `allowance login`.
    func signedInClient() throws -> APIClient {
        if let token = environment["ALLOWANCE_TOKEN"], !token.isEmpty {
            guard let text = environment["ALLOWANCE_SERVER"], let server = serverURL(text) else {
                throw CLIError("ALLOWANCE_TOKEN needs ALLOWANCE_SERVER too (for example http://127.0.0.1:8080).")
            }
            return APIClient(
                server: server, tokenStore: InMemoryTokenStore(StoredSession(server: server, token: token)), transport: terminal.transport,
                now: terminal.now)
        }
        guard let session = try credentials.load() else { throw CLIError.notSignedIn }
        return client(for: session.server)
    }

    /// "127.0.0.1:8080" or "http://127.0.0.1:8080" as a server URL. The API's own address
    /// ("http://127.0.0.1:8080/api/v1", as its documents show it) is the server's too.
    func serverURL(_ text: String) -> URL? {
        var text = text.hasSuffix("/") ? String(text.dropLast()) : text
        if text.hasSuffix("/api/v1") { text = String(text.dropLast("/api/v1".count)) }
        let full = text.contains("://") ? text : "http://" + text
        guard let url = URL(string: full), let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()), url.host != nil else {
            return nil
        }
        return url
    }

    /// A child named by first name (any case) or id.
    func child(_ name: String, on client: APIClient) async throws -> ChildResponse {
        let children = try await client.children()
        if let id = UUID(uuidString: name), let child = children.first(where: { $0.id == id }) { return child }
        let matches = children.filter { $0.firstName.compare(name, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }
        if matches.count == 1 { return matches[0] }
        let names = children.map(\.firstName).joined(separator: ", ")
        if matches.isEmpty {
            throw CLIError(
                children.isEmpty
                    ? "No child named \"\(name)\": the family has no children yet." : "No child named \"\(name)\". Children: \(names).")
        }
        throw CLIError("More than one child is named \"\(name)\": name them by id (`allowance children --json` shows ids).")
    }

    /// The API's JSON, laid out for people and stable for scripts (sorted keys).
    func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder.api(formatting: [.prettyPrinted, .sortedKeys]).encode(value), as: UTF8.self) + "\n"
    }
}
