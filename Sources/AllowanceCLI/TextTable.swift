/// A plain-text table for the terminal: a header, aligned columns, money on the right.
struct TextTable {
    enum Alignment { case left, right }

    var columns: [(title: String, alignment: Alignment)]
    var rows: [[String]] = []

    init(_ columns: [(String, Alignment)]) { self.columns = columns.map { (title: $0.0, alignment: $0.1) } }

    /// A cell keeps to its line: a line break or tab in what was typed is a space here.
    mutating func append(_ row: [String]) {
        rows.append(row.map { String($0.map { $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\t" ? " " : $0 }) })
    }

    var text: String {
        let all = [columns.map(\.title)] + rows
        let widths = columns.indices.map { index in all.map { $0[index].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { index in
                let padding = String(repeating: " ", count: widths[index] - row[index].count)
                return columns[index].alignment == .left ? row[index] + padding : padding + row[index]
            }
            .joined(separator: "  ")
            .trimmingTrailingSpaces()
        }
        .joined(separator: "\n") + "\n"
    }
}

/// "[#########-----------]  45%": progress for people who read it in a terminal (ASCII, so
/// it survives any font, pipe and log).
func progressBar(_ fraction: Double, width: Int = 20) -> String {
    let clamped = min(max(fraction, 0), 1)
    let filled = Int((clamped * Double(width)).rounded(.down))
    return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
}

/// "25%": whole percent, rounded down, so a goal reads 100% only when it is reached.
func percentText(_ percentage: Double) -> String { "\(Int(percentage.rounded(.down)))%" }

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
