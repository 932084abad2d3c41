import AllowanceKit
import SwiftUI

/// The notification inbox: newest first, unread marked, read one or all.
struct NotificationsView: View {
    @Environment(AppModel.self) private var app
    @State private var viewModel: NotificationsViewModel

    init(viewModel: NotificationsViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    var body: some View {
        List {
            Toggle("Unread only", isOn: $viewModel.unreadOnly)
                .onChange(of: viewModel.unreadOnly) { _, _ in Task { await viewModel.load() } }
            if let message = viewModel.state.failureMessage {
                FailureView(title: "Could Not Load", message: message) { await viewModel.load() }
            } else if viewModel.state == .loaded && viewModel.notifications.isEmpty {
                ContentUnavailableView("No Notifications", systemImage: "bell.slash")
            }
            ForEach(viewModel.notifications, id: \.id) { notification in
                Button {
                    Task { await viewModel.markRead(notification.id) }
                } label: {
                    HStack(alignment: .top, spacing: Spacing.small) {
                        Circle()
                            .fill(notification.isRead ? Color.clear : AppColors.primary)
                            .frame(width: 10, height: 10)
                            .padding(.top, 6)
                        VStack(alignment: .leading, spacing: Spacing.xxSmall) {
                            Text(notification.title).font(AppTypography.headline)
                            Text(notification.message).font(AppTypography.body)
                            Text(viewModel.dateText(notification)).font(AppTypography.caption).foregroundStyle(.secondary)
                        }
                    }
                    .frame(minHeight: Spacing.minimumTouchTarget)
                }
                .buttonStyle(.plain)
                .accessibilityElement(children: .ignore)
                .accessibilityLabel(viewModel.accessibilityLabel(notification))
                .accessibilityHint(notification.isRead ? "" : "Marks it read")
            }
        }
        .navigationTitle("Notifications")
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button("Mark All Read") { Task { await viewModel.markAllRead() } }
                    .disabled(viewModel.unreadCount == 0)
            }
        }
        .refreshable { await viewModel.load() }
        .task { await viewModel.load() }
        .onChange(of: viewModel.problem) { _, problem in app.handle(problem) }
    }
}
