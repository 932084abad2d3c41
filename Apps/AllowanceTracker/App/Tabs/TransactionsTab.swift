import AllowanceKit
import SwiftUI

/// The ledger: a child's own, or for a parent the chosen child's.
struct TransactionsTab: View {
    @Environment(AppModel.self) private var app
    @State private var picker: ChildSelectionViewModel?

    var body: some View {
        NavigationStack {
            Group {
                if let childId = app.childId {
                    TransactionListView(
                        viewModel: TransactionListViewModel(childId: childId, client: app.client, cache: app.cache, format: app.format))
                } else if let picker {
                    ChildPickerContainer(picker: picker) { childId in
                        TransactionListView(
                            viewModel: TransactionListViewModel(childId: childId, client: app.client, cache: app.cache, format: app.format)
                        )
                        .id(childId)
                    }
                }
            }
            .withAppRoutes()
        }
        .task {
            if picker == nil && app.isParent { picker = ChildSelectionViewModel(client: app.client) }
        }
    }
}
