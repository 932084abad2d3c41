import SwiftUI

/// A ring filled to `progress` (0...1) with a centred label: savings goals and learning goals.
struct ProgressRing<Label: View>: View {
    let progress: Double
    var lineWidth: CGFloat = 12
    @ViewBuilder let label: () -> Label

    var body: some View {
        ZStack {
            Circle()
                .stroke(Color.gray.opacity(0.25), lineWidth: lineWidth)
            Circle()
                .trim(from: 0, to: progress)
                .stroke(
                    LinearGradient(colors: [AppColors.primary, AppColors.success], startPoint: .leading, endPoint: .trailing),
                    style: StrokeStyle(lineWidth: lineWidth, lineCap: .round)
                )
                .rotationEffect(.degrees(-90))
                .animation(.easeOut, value: progress)
            label()
                .padding(lineWidth)
        }
    }
}
