import Foundation

extension Charts {
    /// Labelled bars, each with its value written beside it, so the chart reads without colour;
    /// the SVG's description lists every bar for screen readers.
    static func bars(_ items: [(label: String, value: Int)], title: String, unit: String, id: String, width: Int = 640) -> String {
        let rowHeight = 30
        let height = rowHeight * max(items.count, 1) + 8
        let labelWidth = 110
        let valueWidth = 90
        let barSpace = Double(width - labelWidth - valueWidth)
        let largest = max(items.map(\.value).max() ?? 1, 1)
        var rows = ""
        for (index, item) in items.enumerated() {
            let y = 4 + index * rowHeight
            let length = barSpace * Double(item.value) / Double(largest)
            rows += """
                <text class="bar-label" x="0" y="\(y + 19)">\(escape(item.label))</text>\
                <rect class="bar\(index == items.count - 1 ? " bar-now" : "")" x="\(labelWidth)" y="\(y + 4)" width="\(String(format: "%.1f", max(length, 1)))" height="\(rowHeight - 10)" rx="3"/>\
                <text class="bar-value" x="\(String(format: "%.1f", Double(labelWidth) + max(length, 1) + 6))" y="\(y + 19)">\(item.value) \(escape(unit))</text>
                """
        }
        let description = items.map { "\($0.label): \($0.value) \(unit)" }.joined(separator: "; ")
        return """
            <svg class="chart bars" viewBox="0 0 \(width) \(height)" role="img" aria-labelledby="\(id)-title \(id)-desc">\
            <title id="\(id)-title">\(escape(title))</title><desc id="\(id)-desc">\(escape(description))</desc>\(rows)</svg>
            """
    }
}
