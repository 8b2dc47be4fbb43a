/// A board drawn for the terminal (`pm-render show`): lanes side by side, or one under another when the terminal is
/// too narrow for columns of at least `minimumColumn` characters; each lane with its card count and WIP limit, each
/// card with its deadline (red when overdue, yellow when due soon), tags and assignees. Text from the board is
/// stripped of control characters; widths count terminal columns (Korean and emoji take two).
public struct TerminalBoard {
    public struct Options: Sendable {
        /// Terminal columns.
        public var width: Int
        /// ANSI colours and bold.
        public var color: Bool
        /// Only this lane (a name, a state or the start of a name).
        public var lane: String?
        public var clock: DeadlineClock
        /// The language of the labels (nil: the board's).
        public var locale: BoardLocale?

        public init(width: Int, color: Bool, lane: String? = nil, clock: DeadlineClock, locale: BoardLocale? = nil) {
            self.width = width
            self.color = color
            self.lane = lane
            self.clock = clock
            self.locale = locale
        }
    }

    /// Lanes narrower than this are stacked instead of put side by side.
    static let minimumColumn = 18
    static let separator = " │ "

    let board: Board
    let options: Options
    let phrases: Phrases
    /// Whether a lane is over its WIP limit or its state's (`Board.overLimitTest`).
    let isOverLimit: (Lane) -> Bool

    /// The board as text for a terminal, ending with a newline.
    /// - Throws: `EditFailure` when `options.lane` names no lane.
    public static func render(_ board: Board, options: Options) throws(EditFailure) -> String {
        TerminalBoard(
            board: board, options: options, phrases: Phrases(options.locale ?? board.locale),
            isOverLimit: board.overLimitTest()
        ).draw(lanes: try lanes(of: board, named: options.lane))
    }

    private static func lanes(of board: Board, named name: String?) throws(EditFailure) -> [Lane] {
        guard let name else { return board.lanes }
        return [board.lanes[try CardLookup.lane(name, on: board)]]
    }

    // MARK: - Drawing

    enum Style {
        case bold, red, yellow, dim

        var code: String {
            switch self {
            case .bold: return "\u{1B}[1m"
            case .red: return "\u{1B}[31m"
            case .yellow: return "\u{1B}[33m"
            case .dim: return "\u{1B}[2m"
            }
        }
    }

    /// A piece of text in one style.
    struct Run {
        var text: String
        var style: Style?
    }

    /// A line of runs and its width in columns.
    struct Line {
        var runs: [Run] = []
        var width: Int { runs.reduce(0) { $0 + TerminalWidth.width($1.text) } }
    }

    func draw(lanes: [Lane]) -> String {
        let width = max(options.width, 20)
        var out = [Line]()
        let overdue = board.cards.filter {
            DeadlineStatus(card: $0, clock: options.clock, dueSoonDays: board.dueSoonDays).isOverdue
        }.count
        out += wrap(
            [
                Run(text: clean(board.title), style: .bold), Run(text: "·", style: .dim),
                Run(text: phrases.summary(cards: board.cardCount, overdue: overdue), style: nil),
            ],
            width: width, indent: "")
        out.append(Line())
        let count = lanes.count
        let column = (width - TerminalWidth.width(Self.separator) * (count - 1)) / max(count, 1)
        if count > 1, column >= Self.minimumColumn {
            let blocks = lanes.map { block(for: $0, width: column) }
            let height = blocks.map(\.count).max() ?? 0
            for row in 0..<height {
                var line = Line()
                for (index, block) in blocks.enumerated() {
                    let cell = row < block.count ? block[row] : Line()
                    line.runs += cell.runs
                    if index < blocks.count - 1 {
                        line.runs.append(
                            Run(text: String(repeating: " ", count: max(0, column - cell.width)), style: nil))
                        line.runs.append(Run(text: Self.separator, style: .dim))
                    }
                }
                out.append(line)
            }
        } else {
            for (index, lane) in lanes.enumerated() {
                if index > 0 { out.append(Line()) }
                out += block(for: lane, width: width)
            }
        }
        if options.lane == nil, !board.archive.isEmpty {
            out.append(Line())
            out.append(
                Line(runs: [
                    Run(text: "\(phrases.text("label.archived")): \(phrases.cards(board.archive.count))", style: .dim)
                ]))
        }
        return out.map(render).joined(separator: "\n") + "\n"
    }

    /// A lane: its name with the card count (and WIP limit), a rule, and its cards.
    func block(for lane: Lane, width: Int) -> [Line] {
        var lines: [Line] = []
        let count = lane.wipLimit.map { "\(lane.cards.count)/\($0)" } ?? "\(lane.cards.count)"
        let over = isOverLimit(lane)
        lines += wrap(
            [
                Run(text: clean(lane.name), style: .bold),
                Run(text: count + (over ? " !" : ""), style: over ? .red : .dim),
            ],
            width: width, indent: "")
        lines.append(Line(runs: [Run(text: String(repeating: "─", count: width), style: .dim)]))
        if lane.cards.isEmpty {
            lines.append(Line(runs: [Run(text: phrases.text("label.emptyColumn"), style: .dim)]))
        }
        for card in lane.cards {
            lines += wrap(
                [Run(text: "•", style: nil), Run(text: clean(card.title), style: nil)], width: width, indent: "  ")
            var meta: [Run] = []
            if let due = card.due {
                let status = DeadlineStatus(card: card, clock: options.clock, dueSoonDays: board.dueSoonDays)
                let style: Style? = status.isOverdue ? .red : status.isDueSoon ? .yellow : nil
                meta.append(Run(text: phrases.date(due.date, time: due.time), style: style))
                let label = phrases.status(status)
                if !label.isEmpty { meta.append(Run(text: "(\(label))", style: style)) }
            }
            meta += card.tags.map { Run(text: "#" + clean($0), style: .dim) }
            meta += card.assignees.map { Run(text: "@" + clean($0), style: nil) }
            let progress = card.subtaskProgress
            if progress.total > 0 { meta.append(Run(text: "☑ \(progress.done)/\(progress.total)", style: .dim)) }
            if !meta.isEmpty {
                lines += wrap(meta, width: width, first: "  ", indent: "  ")
            }
        }
        return lines
    }

    /// Runs laid out in lines of at most `width` columns, separated by spaces; the first line starts with `first`,
    /// the others with `indent`. A run wider than a line is cut between characters.
    func wrap(_ runs: [Run], width: Int, first: String = "", indent: String) -> [Line] {
        var lines: [Line] = [Line(runs: first.isEmpty ? [] : [Run(text: first, style: nil)])]
        var used = TerminalWidth.width(first)
        var hasContent = false
        let indentWidth = TerminalWidth.width(indent)
        func newLine() {
            lines.append(Line(runs: indent.isEmpty ? [] : [Run(text: indent, style: nil)]))
            used = indentWidth
            hasContent = false
        }
        // Words are laid out one by one, so that a line breaks between them.
        let words = runs.flatMap { run in
            run.text.split(separator: " ").map { Run(text: String($0), style: run.style) }
        }
        for run in words {
            var text = run.text
            var size = TerminalWidth.width(text)
            if hasContent {
                if used + 1 + size > width {
                    newLine()
                } else {
                    lines[lines.count - 1].runs.append(Run(text: " ", style: nil))
                    used += 1
                }
            }
            // A run too long for a whole line is cut.
            while used + size > width {
                var piece = ""
                var pieceWidth = 0
                var rest = Substring(text)
                while let character = rest.first, used + pieceWidth + TerminalWidth.width(of: character) <= width {
                    piece.append(character)
                    pieceWidth += TerminalWidth.width(of: character)
                    rest = rest.dropFirst()
                }
                if piece.isEmpty { break }
                lines[lines.count - 1].runs.append(Run(text: piece, style: run.style))
                newLine()
                text = String(rest)
                size = TerminalWidth.width(text)
            }
            lines[lines.count - 1].runs.append(Run(text: text, style: run.style))
            used += size
            hasContent = true
        }
        return lines
    }

    /// Board text without control characters (escape sequences never reach the terminal) or line breaks.
    private func clean(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                out.append(" ")
            } else if UnifiedDiff.isControl(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private func render(_ line: Line) -> String {
        var out = ""
        for run in line.runs {
            if options.color, let style = run.style, !run.text.trimmingWhitespace.isEmpty {
                out += style.code + run.text + "\u{1B}[0m"
            } else {
                out += run.text
            }
        }
        while out.hasSuffix(" ") { out.removeLast() }
        return out
    }
}
