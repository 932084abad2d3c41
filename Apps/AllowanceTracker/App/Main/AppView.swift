import AllowanceKit
import SwiftUI

/// Signed in: the tabs; signed out: the login screen; while the stored session is looked at: a spinner.
struct AppView: View {
    @Environment(AppModel.self) private var app

    var body: some View {
        switch app.phase {
        case .starting:
            LoadingView(title: "Loading...")
        case .signedOut:
            LoginView(viewModel: LoginViewModel(client: app.client))
        case .signedIn:
            MainTabView()
        }
    }
}
