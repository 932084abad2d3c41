import AllowanceCore
import Foundation

/// Charts drawn on the server as SVG, so they show without JavaScript and scale crisply.
enum Charts {
    /// A balance-over-time line with its area, for points in time order. The SVG carries a
    /// text description for screen readers.
    static func balanceLine(_ line: BalanceHistory.Line, width: Int = 640, height: Int = 180) -> String {
        let points = line.balances
        guard points.count >= 2 else {
            return #"<p class="muted">Not enough history for a chart yet.</p>"#
        }
        let maxCents = max(points.map(\.cents).max() ?? 1, 1)
        let pad = 8.0
        let w = Double(width) - 2 * pad
        let h = Double(height) - 2 * pad
        let step = w / Double(points.count - 1)
        let polyline = points.enumerated().map { index, balance in
            tenths(pad + Double(index) * step) + "," + tenths(pad + h - h * Double(balance.cents) / Double(maxCents))
        }.joined(separator: " ")
        let area = "\(tenths(pad)),\(tenths(pad + h)) " + polyline + " \(tenths(pad + w)),\(tenths(pad + h))"
        let description =
            "Balance from \(points.first!.formatted) on \(line.from) to \(points.last!.formatted) on \(line.to); highest \(Money(cents: maxCents).formatted)."
        return """
            <svg class="chart" viewBox="0 0 \(width) \(height)" role="img" aria-labelledby="chart-title chart-desc" preserveAspectRatio="none">\
            <title id="chart-title">Balance over time</title><desc id="chart-desc">\(escape(description))</desc>\
            <polygon class="chart-area" points="\(area)"/>\
            <polyline class="chart-line" points="\(polyline)" fill="none"/>\
            </svg>
            """
    }

    /// A coordinate to one decimal, as `%.1f` writes it, without `String(format:)` (NSString),
    /// which was most of drawing a line of 60 points.
    static func tenths(_ value: Double) -> String {
        let scaled = (abs(value) * 10).rounded()
        let sign = value < 0 && scaled > 0 ? "-" : ""
        let whole = Int(scaled) / 10
        return "\(sign)\(whole).\(Int(scaled) % 10)"
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

    /// Text for an SVG element or attribute, with `&`, `<`, `>` and `"` written as entities, in
    /// one pass: Foundation's `replacingOccurrences`, four times over, went through `NSString`
    /// (a fiftieth of a child's page made afresh, for its chart's one sentence).
    static func escape(_ text: String) -> String {
        let special: Set<Unicode.Scalar> = ["&", "<", ">", "\""]
        guard text.unicodeScalars.contains(where: special.contains) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
