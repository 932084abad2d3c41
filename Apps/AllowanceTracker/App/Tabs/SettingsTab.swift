import AllowanceKit
import SwiftUI

/// Settings, profile, notifications.
struct SettingsTab: View {
    @Environment(AppModel.self) private var app

    var body: some View {
        NavigationStack {
            SettingsView(viewModel: SettingsViewModel(client: app.client, cache: app.cache))
                .withAppRoutes()
        }
    }
}
