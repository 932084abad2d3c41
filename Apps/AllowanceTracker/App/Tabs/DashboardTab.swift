import AllowanceKit
import SwiftUI

/// The first tab: a parent's or a child's dashboard, on the stack deep links push onto.
struct DashboardTab: View {
    @Environment(AppModel.self) private var app

    var body: some View {
        @Bindable var coordinator = app.coordinator
        NavigationStack(path: $coordinator.path) {
            Group {
                if app.isParent {
                    ParentDashboardView(viewModel: ParentDashboardViewModel(client: app.client, format: app.format))
                } else {
                    ChildDashboardView(viewModel: ChildDashboardViewModel(client: app.client, cache: app.cache, format: app.format))
                }
            }
            .withAppRoutes()
        }
    }
}
