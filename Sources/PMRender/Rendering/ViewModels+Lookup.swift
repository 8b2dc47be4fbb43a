// Key lookup for templates: each view model serves its properties by name, typed, so neither
// renderer reflects (swift-mustache would otherwise find each key with Mirror, and pm-render's
// compiled templates need no dynamic casts). Every stored property is listed here; ViewModelTests
// checks that these tables and the structs never drift apart.

/// Every key a view model serves. Templates' names are turned into keys once, when they are
/// compiled, so a lookup is a jump, not a string comparison per property.
enum TemplateKey: String, Sendable {
    case allBoards
    case allCards
    case anchor
    case archived
    case archivedCount
    case asOf
    case author
    case board
    case boards
    case byline
    case calendarLink
    case cardCount
    case cards
    case classes
    case close
    case columns
    case commit
    case count
    case countLabel
    case countText
    case counts
    case date
    case days
    case deadline
    case `description`
    case descriptionHTML
    case due
    case dueSoon
    case dueSoonCount
    case dueSoonHeading
    case dueSoonText
    case emptyColumn
    case events
    case failed
    case failedBoards
    case file
    case generatedBy
    case generator
    case hasArchived
    case hasBoard
    case hasDescription
    case hasDue
    case hasDueSoon
    case hasEvents
    case hasFailed
    case hasHistory
    case hasLatestChange
    case hasLimit
    case hasLink
    case hasOverdue
    case hasOverview
    case hasStatus
    case hasTags
    case hasTimeline
    case history
    case id
    case isArchived
    case isDueSoon
    case isEmpty
    case isOverdue
    case isShallow
    case iso
    case kind
    case label
    case labels
    case lang
    case latestChange
    case limit
    case line
    case link
    case name
    case navigation
    case noDeadline
    case noHistory
    case nothingDueSoon
    case nothingOverdue
    case overLimit
    case overdue
    case overdueCount
    case overdueHeading
    case overduePage
    case overdueText
    case shallowNote
    case slug
    case state
    case stateName
    case status
    case statusClass
    case subject
    case subscribe
    case summary
    case tags
    case text
    case time
    case timeline
    case title
    case value
    case width
}

extension PageView: TemplateObject, TemplateElement {
    func value(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .lang: return .of(lang)
        case .generator: return .of(generator)
        case .title: return .of(title)
        case .hasDescription: return .of(hasDescription)
        case .descriptionHTML: return .of(descriptionHTML)
        case .asOf: return .of(asOf)
        case .summary: return .of(summary)
        case .cardCount: return .of(cardCount)
        case .overdueCount: return .of(overdueCount)
        case .dueSoonCount: return .of(dueSoonCount)
        case .columns: return .of(columns)
        case .hasArchived: return .of(hasArchived)
        case .archivedCount: return .of(archivedCount)
        case .archived: return .of(archived)
        case .allCards: return .of(allCards)
        case .hasHistory: return .of(hasHistory)
        case .hasOverview: return .of(hasOverview)
        case .calendarLink: return .of(calendarLink)
        case .labels: return .of(labels)
        default: return nil
        }
    }
}

extension OverduePageView: TemplateObject, TemplateElement {
    func value(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .lang: return .of(lang)
        case .generator: return .of(generator)
        case .title: return .of(title)
        case .asOf: return .of(asOf)
        case .overdueCount: return .of(overdueCount)
        case .dueSoonCount: return .of(dueSoonCount)
        case .overdueHeading: return .of(overdueHeading)
        case .dueSoonHeading: return .of(dueSoonHeading)
        case .hasOverdue: return .of(hasOverdue)
        case .overdue: return .of(overdue)
        case .hasDueSoon: return .of(hasDueSoon)
        case .dueSoon: return .of(dueSoon)
        case .hasHistory: return .of(hasHistory)
        case .hasOverview: return .of(hasOverview)
        case .calendarLink: return .of(calendarLink)
        case .labels: return .of(labels)
        default: return nil
        }
    }
}

extension HistoryPageView: TemplateObject, TemplateElement {
    func value(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .lang: return .of(lang)
        case .generator: return .of(generator)
        case .title: return .of(title)
        case .asOf: return .of(asOf)
        case .overdueCount: return .of(overdueCount)
        case .hasHistory: return .of(hasHistory)
        case .isShallow: return .of(isShallow)
        case .shallowNote: return .of(shallowNote)
        case .hasEvents: return .of(hasEvents)
        case .days: return .of(days)
        case .hasOverview: return .of(hasOverview)
        case .calendarLink: return .of(calendarLink)
        case .labels: return .of(labels)
        default: return nil
        }
    }
}

extension HistoryDayView: TemplateObject, TemplateElement {
    func value(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .date: return .of(date)
        case .events: return .of(events)
        default: return nil
        }
    }
}

extension HistoryEventView: TemplateObject, TemplateElement {
    func value(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .kind: return .of(kind)
        case .time: return .of(time)
        case .iso: return .of(iso)
        case .title: return .of(title)
        case .hasLink: return .of(hasLink)
        case .link: return .of(link)
        case .description: return .of(description)
        case .author: return .of(author)
        case .byline: return .of(byline)
        case .commit: return .of(commit)
        case .subject: return .of(subject)
        default: return nil
        }
    }
}

extension TimelineItemView: TemplateObject, TemplateElement {
    func value(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .label: return .of(label)
        case .value: return .of(value)
        default: return nil
        }
    }
}

extension OverviewPageView: TemplateObject, TemplateElement {
    func value(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .lang: return .of(lang)
        case .generator: return .of(generator)
        case .title: return .of(title)
        case .asOf: return .of(asOf)
        case .summary: return .of(summary)
        case .overdueCount: return .of(overdueCount)
        case .hasHistory: return .of(hasHistory)
        case .hasOverview: return .of(hasOverview)
        case .calendarLink: return .of(calendarLink)
        case .boards: return .of(boards)
        case .hasFailed: return .of(hasFailed)
        case .failed: return .of(failed)
        case .labels: return .of(labels)
        default: return nil
        }
    }
}

extension OverviewBoardView: TemplateObject, TemplateElement {
    func value(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return .of(title)
        case .link: return .of(link)
        case .file: return .of(file)
        case .cardCount: return .of(cardCount)
        case .counts: return .of(counts)
        case .overdueCount: return .of(overdueCount)
        case .dueSoonCount: return .of(dueSoonCount)
        case .hasOverdue: return .of(hasOverdue)
        case .hasDueSoon: return .of(hasDueSoon)
        case .overdueText: return .of(overdueText)
        case .dueSoonText: return .of(dueSoonText)
        case .hasLatestChange: return .of(hasLatestChange)
        case .latestChange: return .of(latestChange)
        default: return nil
        }
    }
}

extension StateCountView: TemplateObject, TemplateElement {
    func value(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .state: return .of(state)
        case .name: return .of(name)
        case .count: return .of(count)
        case .width: return .of(width)
        default: return nil
        }
    }
}

extension DateView: TemplateObject, TemplateElement {
    func value(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .iso: return .of(iso)
        case .text: return .of(text)
        default: return nil
        }
    }
}

extension ColumnView: TemplateObject, TemplateElement {
    func value(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .state: return .of(state)
        case .name: return .of(name)
        case .count: return .of(count)
        case .hasLimit: return .of(hasLimit)
        case .limit: return .of(limit)
        case .countText: return .of(countText)
        case .countLabel: return .of(countLabel)
        case .overLimit: return .of(overLimit)
        case .isEmpty: return .of(isEmpty)
        case .cards: return .of(cards)
        default: return nil
        }
    }
}

extension CardView: TemplateObject, TemplateElement {
    func value(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .id: return .of(id)
        case .anchor: return .of(anchor)
        case .link: return .of(link)
        case .title: return .of(title)
        case .state: return .of(state)
        case .stateName: return .of(stateName)
        case .classes: return .of(classes)
        case .hasDue: return .of(hasDue)
        case .due: return .of(due)
        case .isOverdue: return .of(isOverdue)
        case .isDueSoon: return .of(isDueSoon)
        case .hasStatus: return .of(hasStatus)
        case .status: return .of(status)
        case .statusClass: return .of(statusClass)
        case .hasTags: return .of(hasTags)
        case .tags: return .of(tags)
        case .hasDescription: return .of(hasDescription)
        case .descriptionHTML: return .of(descriptionHTML)
        case .isArchived: return .of(isArchived)
        case .line: return .of(line)
        case .hasTimeline: return .of(hasTimeline)
        case .timeline: return .of(timeline)
        case .hasBoard: return .of(hasBoard)
        case .board: return .of(board)
        default: return nil
        }
    }
}

extension TagView: TemplateObject, TemplateElement {
    func value(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .name: return .of(name)
        case .slug: return .of(slug)
        default: return nil
        }
    }
}

extension Labels: TemplateObject, TemplateElement {
    // Labels is public, so swift-mustache's requirement must be too.
    public func child(named key: String) -> Any? { TemplateKey(rawValue: key).flatMap(value)?.any }

    func value(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .board: return .of(board)
        case .asOf: return .of(asOf)
        case .archived: return .of(archived)
        case .generatedBy: return .of(generatedBy)
        case .overLimit: return .of(overLimit)
        case .emptyColumn: return .of(emptyColumn)
        case .tags: return .of(tags)
        case .close: return .of(close)
        case .state: return .of(state)
        case .deadline: return .of(deadline)
        case .noDeadline: return .of(noDeadline)
        case .overdue: return .of(overdue)
        case .dueSoon: return .of(dueSoon)
        case .navigation: return .of(navigation)
        case .overduePage: return .of(overduePage)
        case .subscribe: return .of(subscribe)
        case .nothingOverdue: return .of(nothingOverdue)
        case .nothingDueSoon: return .of(nothingDueSoon)
        case .history: return .of(history)
        case .noHistory: return .of(noHistory)
        case .timeline: return .of(timeline)
        case .allBoards: return .of(allBoards)
        case .boards: return .of(boards)
        case .latestChange: return .of(latestChange)
        case .failedBoards: return .of(failedBoards)
        case .columns: return .of(columns)
        default: return nil
        }
    }
}
