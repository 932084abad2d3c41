import AllowanceKit
import SwiftUI
import WidgetKit

/// The app's entry point (App Screens 6.2): one `AppModel` from AllowanceKit decides what is
/// on screen; links (`allowancetracker://...`, from widgets too) open through it.
@main
struct AllowanceTrackerApp: App {
    @State private var app: AppModel

    init() {
        let store = SharedSession.tokenStore
        // UI tests start signed out, whatever an earlier run left in the Keychain.
        if ProcessInfo.processInfo.arguments.contains(AppConfiguration.uiTestingArgument) { try? store.clear() }
        let client = APIClient(server: SharedSession.serverForApp(), tokenStore: store)
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        _app = State(
            initialValue: AppModel(
                client: client, cache: OfflineCache(directory: caches.appendingPathComponent("offline")),
                widgets: WidgetRefresher { kind in WidgetCenter.shared.reloadTimelines(ofKind: kind.rawValue) }))
    }

    var body: some Scene {
        WindowGroup {
            AppView()
                .environment(app)
                .task { await app.start() }
                .onOpenURL { url in app.open(url) }
        }
    }
}
