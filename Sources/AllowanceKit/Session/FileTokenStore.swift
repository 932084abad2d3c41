import AllowanceAPI
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The session as a JSON file only its owner can read (mode 0600), by default
/// `$XDG_CONFIG_HOME/allowance/credentials.json` (or `~/.config/allowance/credentials.json`).
public struct FileTokenStore: TokenStore {
    public let url: URL

    public init(url: URL) { self.url = url }

    /// The default location for this user, read from the environment given.
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let configHome: URL
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
            configHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home =
                environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            configHome = home.appendingPathComponent(".config", isDirectory: true)
        }
        return configHome.appendingPathComponent("allowance", isDirectory: true).appendingPathComponent("credentials.json")
    }

    public func load() throws -> StoredSession? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try JSONDecoder.api.decode(StoredSession.self, from: Data(contentsOf: url))
    }

    /// Writes a new file with 0600 from the start and renames it over the old one, so the
    /// token is never readable by others, not even for a moment, and never half-written.
    public func save(_ session: StoredSession) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = directory.appendingPathComponent(".credentials-\(UUID().uuidString).json")
        let data = try JSONEncoder.api.encode(session)
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        // rename(2) replaces the old file in one step.
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [NSFilePathErrorKey: url.path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)])
        }
    }

    public func clear() throws {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try FileManager.default.removeItem(at: url)
    }
}
