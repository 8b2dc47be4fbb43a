import Mustache

// Key lookup for templates. swift-mustache would otherwise find each key by reflection (Mirror),
// which dominates rendering time. Every stored property is listed here; ViewModelTests checks that
// these tables and the structs never drift apart.

extension PageView: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "lang": return lang
        case "generator": return generator
        case "title": return title
        case "hasDescription": return hasDescription
        case "descriptionHTML": return descriptionHTML
        case "asOf": return asOf
        case "summary": return summary
        case "cardCount": return cardCount
        case "overdueCount": return overdueCount
        case "dueSoonCount": return dueSoonCount
        case "columns": return columns
        case "hasArchived": return hasArchived
        case "archivedCount": return archivedCount
        case "archived": return archived
        case "allCards": return allCards
        case "hasHistory": return hasHistory
        case "hasOverview": return hasOverview
        case "calendarLink": return calendarLink
        case "labels": return labels
        default: return nil
        }
    }
}

extension OverduePageView: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "lang": return lang
        case "generator": return generator
        case "title": return title
        case "asOf": return asOf
        case "overdueCount": return overdueCount
        case "dueSoonCount": return dueSoonCount
        case "overdueHeading": return overdueHeading
        case "dueSoonHeading": return dueSoonHeading
        case "hasOverdue": return hasOverdue
        case "overdue": return overdue
        case "hasDueSoon": return hasDueSoon
        case "dueSoon": return dueSoon
        case "hasHistory": return hasHistory
        case "hasOverview": return hasOverview
        case "calendarLink": return calendarLink
        case "labels": return labels
        default: return nil
        }
    }
}

extension HistoryPageView: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "lang": return lang
        case "generator": return generator
        case "title": return title
        case "asOf": return asOf
        case "overdueCount": return overdueCount
        case "hasHistory": return hasHistory
        case "isShallow": return isShallow
        case "shallowNote": return shallowNote
        case "hasEvents": return hasEvents
        case "days": return days
        case "hasOverview": return hasOverview
        case "calendarLink": return calendarLink
        case "labels": return labels
        default: return nil
        }
    }
}

extension HistoryDayView: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "date": return date
        case "events": return events
        default: return nil
        }
    }
}

extension HistoryEventView: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "kind": return kind
        case "time": return time
        case "iso": return iso
        case "title": return title
        case "hasLink": return hasLink
        case "link": return link
        case "description": return description
        case "author": return author
        case "byline": return byline
        case "commit": return commit
        case "subject": return subject
        default: return nil
        }
    }
}

extension TimelineItemView: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "label": return label
        case "value": return value
        default: return nil
        }
    }
}

extension OverviewPageView: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "lang": return lang
        case "generator": return generator
        case "title": return title
        case "asOf": return asOf
        case "summary": return summary
        case "overdueCount": return overdueCount
        case "hasHistory": return hasHistory
        case "hasOverview": return hasOverview
        case "calendarLink": return calendarLink
        case "boards": return boards
        case "hasFailed": return hasFailed
        case "failed": return failed
        case "labels": return labels
        default: return nil
        }
    }
}

extension OverviewBoardView: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "title": return title
        case "link": return link
        case "file": return file
        case "cardCount": return cardCount
        case "counts": return counts
        case "overdueCount": return overdueCount
        case "dueSoonCount": return dueSoonCount
        case "hasOverdue": return hasOverdue
        case "hasDueSoon": return hasDueSoon
        case "overdueText": return overdueText
        case "dueSoonText": return dueSoonText
        case "hasLatestChange": return hasLatestChange
        case "latestChange": return latestChange
        default: return nil
        }
    }
}

extension StateCountView: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "state": return state
        case "name": return name
        case "count": return count
        case "width": return width
        default: return nil
        }
    }
}

extension DateView: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "iso": return iso
        case "text": return text
        default: return nil
        }
    }
}

extension ColumnView: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "state": return state
        case "name": return name
        case "count": return count
        case "hasLimit": return hasLimit
        case "limit": return limit
        case "countText": return countText
        case "countLabel": return countLabel
        case "overLimit": return overLimit
        case "isEmpty": return isEmpty
        case "cards": return cards
        default: return nil
        }
    }
}

extension CardView: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "id": return id
        case "anchor": return anchor
        case "link": return link
        case "title": return title
        case "state": return state
        case "stateName": return stateName
        case "classes": return classes
        case "hasDue": return hasDue
        case "due": return due
        case "isOverdue": return isOverdue
        case "isDueSoon": return isDueSoon
        case "hasStatus": return hasStatus
        case "status": return status
        case "statusClass": return statusClass
        case "hasTags": return hasTags
        case "tags": return tags
        case "hasDescription": return hasDescription
        case "descriptionHTML": return descriptionHTML
        case "isArchived": return isArchived
        case "line": return line
        case "hasTimeline": return hasTimeline
        case "timeline": return timeline
        case "hasBoard": return hasBoard
        case "board": return board
        default: return nil
        }
    }
}

extension TagView: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "name": return name
        case "slug": return slug
        default: return nil
        }
    }
}

extension Labels: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "board": return board
        case "asOf": return asOf
        case "archived": return archived
        case "generatedBy": return generatedBy
        case "overLimit": return overLimit
        case "emptyColumn": return emptyColumn
        case "tags": return tags
        case "close": return close
        case "state": return state
        case "deadline": return deadline
        case "noDeadline": return noDeadline
        case "overdue": return overdue
        case "dueSoon": return dueSoon
        case "navigation": return navigation
        case "overduePage": return overduePage
        case "subscribe": return subscribe
        case "nothingOverdue": return nothingOverdue
        case "nothingDueSoon": return nothingDueSoon
        case "history": return history
        case "noHistory": return noHistory
        case "timeline": return timeline
        case "allBoards": return allBoards
        case "boards": return boards
        case "latestChange": return latestChange
        case "failedBoards": return failedBoards
        case "columns": return columns
        default: return nil
        }
    }
}
