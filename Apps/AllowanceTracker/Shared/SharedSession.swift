import AllowanceKit
import Foundation

/// One way for the app, the widget extension and the intents to reach the server as the
/// signed-in person: the same server setting (the App Group's defaults) and the same session
/// (a Keychain item in the shared access group).
enum SharedSession {
    static var defaults: UserDefaults { UserDefaults(suiteName: AppConfiguration.appGroup) ?? .standard }

    /// "TEAMID.com.allowancetracker.shared", written into Info.plist by project.yml.
    static var keychainAccessGroup: String? {
        Bundle.main.object(forInfoDictionaryKey: "KeychainAccessGroup") as? String
    }

    /// The shared Keychain group when the build has its entitlement, the app's own Keychain otherwise.
    static var tokenStore: FallbackTokenStore {
        // Another account name: a Keychain query without a group also matches the shared item.
        FallbackTokenStore(
            shared: KeychainTokenStore(accessGroup: keychainAccessGroup), local: KeychainTokenStore(account: "session-this-app"))
    }

    /// The app decides the server (a launch argument or Xcode's environment may name it) and
    /// writes it down for the widgets and intents, which have neither.
    static func serverForApp() -> URL {
        let setting =
            UserDefaults.standard.string(forKey: AppConfiguration.serverSettingKey)
            ?? defaults.string(forKey: AppConfiguration.serverSettingKey)
        let server = AppConfiguration.serverURL(environment: ProcessInfo.processInfo.environment, setting: setting)
        defaults.set(server.absoluteString, forKey: AppConfiguration.serverSettingKey)
        return server
    }

    /// The client of a widget or an intent.
    static func client() -> APIClient {
        let server = AppConfiguration.serverURL(environment: [:], setting: defaults.string(forKey: AppConfiguration.serverSettingKey))
        return APIClient(server: server, tokenStore: tokenStore)
    }
}
