import Foundation

/// The settings the app, its widgets and its intents read the same way: which server, and
/// where the session and the device's copies are kept.
public enum AppConfiguration {
    /// The simulator reaches the Mac's own server here.
    public static let defaultServer = URL(string: "http://127.0.0.1:8080")!
    /// The setting (shared defaults, or `-serverURL http://...` as a launch argument).
    public static let serverSettingKey = "serverURL"
    /// The environment variable Xcode's scheme sets, as the terminal command reads it.
    public static let serverEnvironmentKey = "ALLOWANCE_SERVER"
    /// The App Group the app, the widget extension and the intents share (project.yml names it too).
    public static let appGroup = "group.com.allowancetracker.shared"
    /// The launch argument the UI tests pass: start signed out, with nothing kept from before.
    public static let uiTestingArgument = "UI-Testing"

    /// The server to talk to: the environment first, then the setting, then the Mac's own
    /// server. A value that is not an http(s) address with a host is ignored, not guessed at.
    public static func serverURL(environment: [String: String], setting: String?) -> URL {
        for candidate in [environment[serverEnvironmentKey], setting] {
            if let url = candidate.flatMap(validServer) { return url }
        }
        return defaultServer
    }

    /// "1.0 (7)" from the bundle's Info.plist values; empty when unknown.
    public static func versionText(info: [String: Any]?) -> String {
        guard let version = info?["CFBundleShortVersionString"] as? String else { return "" }
        guard let build = info?["CFBundleVersion"] as? String else { return version }
        return "\(version) (\(build))"
    }

    private static func validServer(_ text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else { return nil }
        return url
    }
}
