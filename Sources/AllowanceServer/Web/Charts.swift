import AllowanceCore
import Foundation

/// Charts drawn on the server as SVG, so they show without JavaScript and scale crisply.
enum Charts {
    /// A balance-over-time line with its area, for points in time order. The SVG carries a
    /// text description for screen readers.
    static func balanceLine(_ points: [(label: String, balance: Money)], width: Int = 640, height: Int = 180) -> String {
        guard points.count >= 2 else {
            return #"<p class="muted">Not enough history for a chart yet.</p>"#
        }
        let maxCents = max(points.map(\.balance.cents).max() ?? 1, 1)
        let pad = 8.0
        let w = Double(width) - 2 * pad
        let h = Double(height) - 2 * pad
        let step = w / Double(points.count - 1)
        let coords = points.enumerated().map { index, point in
            (pad + Double(index) * step, pad + h - h * Double(point.balance.cents) / Double(maxCents))
        }
        let line = coords.map { String(format: "%.1f,%.1f", $0.0, $0.1) }.joined(separator: " ")
        let area =
            "\(String(format: "%.1f", pad)),\(String(format: "%.1f", pad + h)) " + line
            + " \(String(format: "%.1f", pad + w)),\(String(format: "%.1f", pad + h))"
        let first = points.first!
        let last = points.last!
        let description =
            "Balance from \(first.balance.formatted) on \(first.label) to \(last.balance.formatted) on \(last.label); highest \(Money(cents: maxCents).formatted)."
        return """
            <svg class="chart" viewBox="0 0 \(width) \(height)" role="img" aria-labelledby="chart-title chart-desc" preserveAspectRatio="none">\
            <title id="chart-title">Balance over time</title><desc id="chart-desc">\(escape(description))</desc>\
            <polygon class="chart-area" points="\(area)"/>\
            <polyline class="chart-line" points="\(line)" fill="none"/>\
            </svg>
            """
    }

    /// A circular progress ring (0...100 %), labelled for screen readers.
    static func progressRing(percent: Double, label: String, size: Int = 96) -> String {
        let clamped = min(max(percent, 0), 100)
        let radius = Double(size) / 2 - 8
        let circumference = 2 * Double.pi * radius
        let dash = circumference * clamped / 100
        let center = Double(size) / 2
        return """
            <svg class="ring" width="\(size)" height="\(size)" viewBox="0 0 \(size) \(size)" role="img" aria-label="\(escape(label)): \(Int(clamped.rounded())) percent">\
            <circle class="ring-track" cx="\(center)" cy="\(center)" r="\(radius)" fill="none" stroke-width="8"/>\
            <circle class="ring-fill" cx="\(center)" cy="\(center)" r="\(radius)" fill="none" stroke-width="8" stroke-linecap="round" \
            stroke-dasharray="\(String(format: "%.2f", dash)) \(String(format: "%.2f", circumference))" transform="rotate(-90 \(center) \(center))"/>\
            <text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" class="ring-text">\(Int(clamped.rounded()))%</text>\
            </svg>
            """
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
