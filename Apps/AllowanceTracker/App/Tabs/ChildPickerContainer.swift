import AllowanceKit
import SwiftUI

/// A parent's tab about one child at a time: a menu of the family's children above the content.
struct ChildPickerContainer<Content: View>: View {
    @Bindable var picker: ChildSelectionViewModel
    @ViewBuilder let content: (UUID) -> Content

    var body: some View {
        VStack(spacing: 0) {
            if picker.showsPicker {
                Picker("Child", selection: $picker.selectedChildId) {
                    ForEach(picker.children, id: \.id) { child in
                        Text(child.firstName).tag(Optional(child.id))
                    }
                }
                .pickerStyle(.menu)
                .frame(minHeight: Spacing.minimumTouchTarget)
                .accessibilityIdentifier("ChildPicker")
            }
            if let childId = picker.selectedChildId {
                content(childId)
            } else if picker.isEmpty {
                ContentUnavailableView("No Children Yet", systemImage: "person.3", description: Text("Add a child from the dashboard."))
            } else if let message = picker.state.failureMessage {
                FailureView(title: "Could Not Load Children", message: message) { await picker.load() }
            } else {
                LoadingView(title: "Loading...")
            }
        }
        .task { await picker.load() }
    }
}
