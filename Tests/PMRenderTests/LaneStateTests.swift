import Foundation
import Testing

@testable import PMRender

/// Which state each lane gets, and why.
@Suite("Lane states")
struct LaneStateTests {
    static func lanes(_ text: String) -> [Lane] {
        BoardParser.parse(Array(text.utf8), file: "board.md").board.lanes
    }

    @Test(
        "names in many languages and decorations",
        arguments: [
            ("Backlog", CardState.todo), ("📝 To Do", .todo), ("To Do: site", .todo), ("할 일", .todo), ("待办", .todo),
            ("未着手", .todo), ("Zu erledigen", .todo), ("À faire", .todo), ("Por hacer", .todo), ("A fazer", .todo),
            ("К выполнению", .todo), ("Te doen", .todo), ("In Progress", .doing), ("🚧 in-progress", .doing),
            ("진행 중", .doing), ("진행중", .doing), ("进行中", .doing), ("進行中", .doing), ("In Arbeit", .doing),
            ("En cours", .doing), ("Em progresso", .doing), ("В работе", .doing), ("Code Review", .doing),
            ("Blocked / Waiting", .doing), ("Done", .done), ("✅ Done (2024)", .done), ("완료", .done),
            ("已完成", .done), ("完成", .done), ("Erledigt", .done), ("Terminé", .done), ("Hecho", .done),
            ("Concluído", .done), ("Готово", .done), ("Klaar", .done), ("Shipped", .done), ("Backlog #row2", .todo),
            ("im Prozess", .doing), ("in Überprüfung", .doing), ("Angefangen", .doing), ("In Process 🍉", .doing),
            ("ENCERRADO", .done), ("Cerrado", .done), ("Später", .todo), ("ABERTO", .todo), ("В планах", .todo),
            ("QC", .doing), ("In QC", .doing), ("Recently Completed", .done), ("Recently Shipped", .done),
            // An emoji's U+FE0F is not part of the name, with a separator after it too.
            ("⏸️ BLOCKED - Esperando Validación", .doing), ("⚙️ In Progress - frontend", .doing),
            ("✔️ Done: sprint 3", .done),
            // Chinese, Japanese and Korean names that start with a known one.
            ("进行中工作", .doing), ("已完成功能清单", .done), ("已完成功能 (阶段一)", .done), ("進行中タスク", .doing),
            ("完了タスク", .done), ("待办任务", .todo), ("진행 중인 작업", .doing), ("완료된 작업", .done),
            ("進行中のタスク", .doing), ("実装中", .doing), ("実装中の機能", .doing), ("Bugs", .todo), ("バグ", .todo),
            ("버그", .todo), ("Pronto", .done), ("Yapılanlar", .done), ("남은 작업", .todo), ("Abandoned", .done),
            ("Won't Fix", .done), ("For Review", .doing), ("Moved to Done", .done), ("Sent for Review", .doing),
            ("🔜 Prochainement", .todo), ("🚧 Implementation", .doing), ("✅ Produktiv", .done),
            // Czech, Ukrainian, Persian (with and without the zero-width non-joiner), Arabic, Hebrew, Thai.
            ("Hotovo", .done), ("Rozpracováno", .doing), ("Zbývá", .todo), ("Зроблено (по кроках)", .done),
            ("Заблоковано", .doing), ("انجام شده", .done), ("انجام\u{200C}شده", .done), ("در حال انجام", .doing),
            ("Phase 1 — Backend Fixes ✅ مكتمل", .done), ("قيد التنفيذ", .doing), ("הושלם", .done),
            ("טרם הושלם", .todo), ("เสร็จแล้ว", .done), ("กำลังทำ", .doing), ("Travaux réalisés", .done),
            // Swedish, Norwegian, Danish, Finnish.
            ("Pågående", .doing), ("Slutfört", .done), ("Framtida förbättringar", .todo), ("Ej påbörjad", .todo),
            ("Ferdig", .done), ("Fullført", .done), ("Å gjøre", .todo), ("Færdigt", .done), ("I gang", .doing),
            ("Skal vurderes senere", .todo), ("Valmis (v0.2.x)", .done), ("Työn alla", .doing), ("Tehtävät", .todo),
            ("Klara uppgifter", .done), ("Ferdige oppgaver", .done), ("Klar för granskning", .doing),
            // Greek, Hungarian, Romanian, Hindi, Filipino, Catalan; Korean names with 것 ("things").
            ("Σε εξέλιξη", .doing), ("Ολοκληρώθηκε", .done), ("Folyamatban", .doing), ("Kész", .done),
            ("De făcut", .todo), ("În desfășurare", .doing), ("प्रगति में", .doing), ("पूर्ण", .done),
            ("Ginagawa", .doing), ("Tapos na", .done), ("Per fer", .todo), ("Fet", .done), ("남은 것", .todo),
            ("완료된 것", .done), ("Beklemede", .todo),
            ("Em execução", .doing), ("Faza 1 — ZROBIONA", .done), ("検証待ちタスク", .doing), ("完了済", .done),
            ("Berjalan", .doing), ("Future Work", .todo), ("📋 Remaining — buildable now", .todo),
            ("Próximas fases — não iniciadas", .todo), ("Do testów", .doing), ("Active Backlog", .todo),
            // Inflected forms before or after a word for tasks, which decides last; the word alone is todo.
            ("Erledigte Aufgaben", .done), ("Tehtävät valmiit", .done), ("ideas implementadas", .done),
            ("Выполненные задачи", .done), ("Hotové úkoly", .done), ("Afgeronde taken", .done),
            ("Slutförda uppgifter", .done), ("Aktive Aufgaben", .doing), ("Offene Aufgaben", .todo),
            ("Aufgaben", .todo), ("New Ideas", .todo), ("Ideas: done", .done), ("Ativas", .doing),
            ("2. 完了した機能 (What Works)", .done), ("进行中的工作", .doing), ("作業中・未完了", .doing),
            ("Реалізовано", .done), ("Наступні кроки", .todo), ("하는 중", .doing),
            // A word that starts many names in a language is not a name of its own there (`진행`, "progress").
            ("진행 예정", .todo), ("진행 완료", .done), ("진행 중", .doing),
            // Korean: a noun and 중 ("in the middle of") is work in progress.
            ("기획 중", .doing), ("음악 제작 중", .doing), ("🟡 기획 중", .doing), ("🟠 영상 제작 중", .doing),
            ("[기획 중]", .doing), ("1. 기획 중", .doing), ("🏃 当前 Sprint", .doing), ("📜 历史 Sprints", .done),
            ("공개됨", .done),
            // A word for a period before a Chinese, Japanese or Korean name says when ("done today", "tomorrow's plan").
            ("今日完成", .done), ("本周完成", .done), ("明日计划", .todo), ("今日待办", .todo), ("本週已完成", .done),
            ("今日完成工作（06/12）", .done), ("今週作業中", .doing), ("오늘 완료", .done), ("이번 주 진행 중", .doing),
            ("今日未完成", .todo), ("明天完成", .todo),
            // Chinese: 正在 before a verb is work in progress ("being verified").
            ("正在验证", .doing), ("Working on it", .doing), ("Scrapped", .done),
            // Chinese 已 ("already") + a verb is done, 待 / 未 ("to be", "not yet") + a verb to do; 待 + testing or
            // review is a stage of work in flight, as Japanese 検証待ち is.
            ("已实现", .done), ("已修复", .done), ("已實現", .done), ("待实现", .todo), ("未实现", .todo),
            ("待修復", .todo), ("待测试", .doing), ("待審核", .doing), ("未実装", .todo), ("修正済み", .done),
            // Participles in French, Spanish, Portuguese, Italian and Catalan agree with what they describe: every
            // gender and number of a state's word is that state.
            ("Livrées (mergées sur master)", .done), ("MVP — ✅ COMPLÉTÉE 2026-06-22", .done), ("Achevés", .done),
            ("Finalizadas", .done), ("Resueltas", .done), ("Feitas", .done), ("Resolvidos", .done),
            ("Fatte", .done), ("Concluse", .done), ("Tancades", .done), ("Planificadas", .todo), ("Prévues", .todo),
            ("Bloquées", .doing), ("Pausadas", .doing), ("Готові", .done), ("已办", .done), ("已辦", .done),
            ("Готові до тестування", .doing), ("Passed", .done),
        ])
    func names(name: String, state: CardState) {
        let lanes = Self.lanes("## \(name)\n- [ ] a\n")
        #expect(lanes.map(\.state) == [state])
        #expect(lanes.first?.stateSource == .name)
    }

    @Test(
        "words of one language do not negate or rename another's lanes",
        arguments: [
            ("Nu bezig", CardState.doing), ("Pågår nu", .doing), ("Hindi – Done", .done), ("Fêtes", .todo),
            ("안 한 것", .todo), ("한 것", .done),
            // Words that agree with a participle and mean something else: books, facts, finite.
            ("Livres à lire", .todo), ("Faits marquants", .todo), ("Hechos relevantes", .todo),
            ("Finite Automata", .todo),
            // A state's word before `when` is a condition for it (acceptance criteria), not its lane.
            ("Done when", .todo), ("Terminé quand", .todo), ("Fertig wenn", .todo), ("Hecho cuando", .todo),
            ("Done once merged", .todo),
            // Words that qualify a done lane in one language only, or in no way: `fast` ("almost" in German), halves.
            ("Done fast", .done), ("Shipped fast", .done), ("Done (first half)", .done),
        ])
    func noCollisions(name: String, state: CardState) {
        let lanes = Self.lanes("## Ideas\n- [ ] a\n## \(name)\n- [ ] b\n")
        #expect(lanes.last?.state == state)
    }

    @Test(
        "where 'done' also means 'ready', a word for what it is ready for makes it no done lane",
        arguments: [
            "Готово к тестированию", "Pronto para validar", "Listo para desplegar", "Fertig zum Deploy",
            "Gotowe do wdrożenia", "Hotovo k nasazení",
        ])
    func readyForIsNotDone(name: String) {
        let lanes = Self.lanes("## Backlog\n- [ ] a\n## \(name)\n- [ ] b\n## Ferdig\n")
        #expect(lanes.map(\.state) == [.todo, .todo, .done], "\(name)")
    }

    /// Mermaid's own example board: `Todo`, `In progress`, `Ready for deploy`, `Ready for test`, `Done`.
    @Test(
        "a symbol alone, and a few words for blocked work, name states",
        arguments: [
            ("⬜", CardState.todo), ("📋", .todo), ("☐", .todo), ("⚪", .todo), ("🆕", .todo), ("🔜", .todo), ("🎉", .done),
            ("🚧", .doing), ("🔄", .doing), ("⛔", .doing),
            ("✅", .done), ("Stuck", .doing), ("차단됨", .doing), ("차단", .doing), ("Phase 2 🚧", .doing),
        ])
    func symbolsAndBlockedWords(name: String, state: CardState) {
        #expect(LaneStates.meaning(of: name) == .state(state))
    }

    @Test("a status of a board's table that names no state is doing, whatever statuses the other rows have")
    func aStatusNamingNoStateIsDoing() {
        for rows in [
            "| a | In progress |\n| b | Sprint 1 |\n| c | Done |\n",
            "| a | Backlog |\n| b | Sprint 1 |\n| c | Done |\n",
            "| b | Sprint 1 |\n| c | Done |\n", "| b | Sprint 1 |\n",
        ] {
            let lanes = Self.lanes("# Board\n\n| Task | Status |\n|---|---|\n" + rows)
            let sprint = lanes.first { $0.name == "Sprint 1" }
            #expect(sprint?.state == .doing, "\(rows)")
            #expect(sprint?.stateSource == .tableStatus)
        }
        // A lane's heading of no known name still takes the lane before it; front matter gives a status its state.
        #expect(
            Self.lanes("## Doing\n\n- [ ] a\n\n## Sprint 1\n\n- [ ] b\n").map(\.stateSource) == [.name, .previousLane])
        let set = Self.lanes("---\nlanes:\n  Sprint 1: todo\n---\n| Task | Status |\n|---|---|\n| b | Sprint 1 |\n")
        #expect(set.map(\.state) == [.todo])
    }

    @Test("'Ready for' a next step, or 'Ready to' take it, is no todo lane: the lanes around it tell")
    func readyForANextStep() {
        let flow = Self.lanes(
            "## Todo\n- [ ] a\n## In progress\n- [ ] b\n## Ready for deploy\n- [ ] c\n## Ready for test\n- [ ] d\n"
                + "## Done\n- [x] e\n")
        #expect(flow.map(\.state) == [.todo, .doing, .doing, .doing, .done])
        #expect(flow[2].stateSource == .previousLane)
        // Before the work starts, such a lane waits for it; `Ready` alone, and the names the data lists, keep theirs.
        let before = Self.lanes(
            "## Ready for dev\n- [ ] a\n## Backlog\n- [ ] b\n## Ready to start\n- [ ] c\n## Ready\n- [ ] d\n"
                + "## Ready for QA\n- [ ] e\n## Doing\n- [ ] f\n")
        #expect(before.map(\.state) == [.todo, .todo, .todo, .todo, .doing, .doing])
        #expect(before.map(\.stateSource) == [.firstLanes, .name, .previousLane, .name, .name, .name])
        // Another language's word for "for" does not count after `Ready` (Norwegian `Ferdig for i dag` stays done).
        #expect(Self.lanes("## Å gjøre\n- [ ] a\n## Ferdig for i dag\n- [x] b\n").map(\.state) == [.todo, .done])
    }

    @Test(
        "done for a time or a place is done; 'ready' that is not a done word is not read so",
        arguments: [
            ("Erledigt für heute", CardState.done), ("Zrobione na dziś", .done), ("Done for today", .done),
            ("Hotovo na produkci", .done), ("Klar for utvikling", .todo),
        ])
    func doneForToday(name: String, state: CardState) {
        let lanes = Self.lanes("## Å gjøre\n- [ ] a\n## \(name)\n- [ ] b\n## Ferdig\n")
        #expect(lanes[1].state == state, "\(name)")
    }

    @Test("after a doing lane an unknown name is todo before a todo lane, or after the flow's every lane; else doing")
    func afterDoing() {
        let notes = Self.lanes(
            "## Done\n- [x] z\n## Doing\n- [ ] a\n## Decisions\n- [ ] b\n## Spec deviations\n- [ ] c\n")
        #expect(notes.map(\.state) == [.done, .doing, .todo, .todo])
        #expect(notes.map(\.stateSource) == [.name, .name, .afterDoing, .previousLane])
        // Without a done lane (a board that archives its done cards), a lane after the doing one is a stage.
        #expect(
            Self.lanes("## Todo\n- [ ] a\n## Doing\n- [ ] b\n## Verify\n- [ ] c\n").map(\.state) == [
                .todo, .doing, .doing,
            ])
        let beforeTodo = Self.lanes("## En cours\n- [ ] a\n## Ce que le serveur attend\n- [ ] b\n## À faire\n")
        #expect(beforeTodo.map(\.state) == [.doing, .todo, .todo])
        for next in ["Done", "Review"] {
            let inFlow = Self.lanes("## Doing\n- [ ] a\n## Acceptance\n- [ ] b\n## Staging area\n## \(next)\n")
            #expect(inFlow.map(\.state) == [.doing, .doing, .doing, next == "Done" ? .done : .doing])
            #expect(inFlow[1].stateSource == .previousLane)
        }
    }

    @Test("front matter, **Complete**, inheritance and first lanes, in that order")
    func rules() {
        let lanes = Self.lanes(
            """
            ---
            lanes:
              Ideas: doing
            ---
            ## Monday
            ## Ideas
            ## Thursday
            ## Shelf
            **Complete**
            ## Friday
            """)
        #expect(lanes.map(\.name) == ["Monday", "Ideas", "Thursday", "Shelf", "Friday"])
        #expect(lanes.map(\.state) == [.todo, .doing, .doing, .done, .todo])
        #expect(lanes.map(\.stateSource) == [.firstLanes, .frontMatter, .previousLane, .completeMarker, .afterDone])
    }

    @Test(
        "after a done lane an unknown name is todo, whatever its cards; one naming a period of time is done",
        arguments: [
            ("After MVP (gated)", CardState.todo), ("Notes", .todo), ("待客户确认", .todo), ("記法ルール", .todo),
            ("Pile of Ann", .todo), ("Last week", .done), ("2025", .done), ("Q3 wins", .done), ("Sprint 12", .done),
            ("KW 12", .todo), ("KW12", .done), ("Semaine 4", .done), ("März", .done), ("June", .done),
            // A duration is not a period.
            ("Execution order (2 weeks)", .todo), ("Last 2 weeks", .done), ("Release notes [2025]", .done),
            // A day's date in brackets says when the lane was written: the name before it decides.
            ("Leftovers (2026-06-23)", .todo), ("Decisions (updated 15.06.2026)", .todo),
            ("Sprint 3 (2026-06-23)", .done),
            ("Week 12", .done), ("2026-06", .done), ("June 2026", .done), ("Semana 4", .done),
        ])
    func afterDone(name: String, state: CardState) {
        let lanes = Self.lanes("## Done\n- [x] a\n## \(name)\n- [x] d\n## LongTerm Needs\n- [ ] f\n")
        #expect(lanes.map(\.state) == [.done, state, .todo], "\(name)")
        #expect(lanes.map(\.stateSource) == [.name, state == .done ? .previousLane : .afterDone, .name], "\(name)")
        // A name that ends with a known one is not read as it: 미완료 and 未完成 ("not done") are not done.
        #expect(Self.lanes("## 미완료 작업\n- [ ] a\n## 未完成\n- [ ] b\n").map(\.state) == [.todo, .todo])
    }

    @Test(
        "a known name negated by the rest of the name, or followed by other words in Chinese, Japanese or Korean",
        arguments: ["Not doing", "완료되지 않음", "完了予定", "완료예정", "完了待ち"])
    func negated(name: String) {
        let lanes = Self.lanes("## In Progress\n## \(name)\n- [ ] a\n## Done\n")
        #expect(lanes[1].stateSource == .previousLane, "\(name)")
    }

    @Test(
        "work not done is work to do, wherever the lane stands",
        arguments: [
            "Not done", "Noch nicht erledigt", "Nog niet klaar", "Non completato", "No completado", "Não concluído",
            "Не выполнено", "Chưa hoàn thành", "Pas encore réalisé",
        ])
    func notDone(name: String) {
        let lanes = Self.lanes("## In Progress\n## \(name)\n- [ ] a\n## Done\n")
        #expect(lanes[1].state == .todo, "\(name)")
        #expect(lanes[1].stateSource == .name, "\(name)")
    }

    @Test(
        "a negation negates the words of its own part of a name, not the part before or after a separator",
        arguments: [
            ("🔴 BLOCKED — Gate 1 Not Passed", CardState.doing),
            ("In Progress | not reviewed", .doing), ("Backlog / nicht priorisiert", .todo),
            // In the same part it still negates.
            ("Gate 1: not done", .todo), ("Sprint 3 – noch nicht erledigt", .todo),
        ])
    func negationInItsPart(name: String, state: CardState?) {
        let lane = Self.lanes("## Ideas\n## \(name)\n- [ ] a\n")[1]
        if let state {
            #expect(lane.state == state, "\(name)")
            #expect(lane.stateSource == .name, "\(name)")
        } else {
            #expect(lane.stateSource != .name, "\(name): \(lane.state)")
        }
    }

    @Test(
        "a known name that a name is about (after of), and names about the flow, give no state",
        arguments: [
            "Definition of Done", "Definition of Done (Per Card)", "WIP Limits", "Definition of Ready",
            // In other languages, and at the end of a longer name (`WIP` alone is doing).
            "Límites WIP", "Columnas y límites WIP", "Colunas e limites de WIP", "Team WIP-Limits",
            "Définition de fait (Definition of Done)", "Definición de hecho", "Definição de pronto",
        ])
    func aboutAState(name: String) {
        let lanes = Self.lanes("## In Progress\n## \(name)\n- [ ] a\n## Done\n")
        #expect(lanes[1].stateSource == .previousLane, "\(name): \(lanes[1].state)")
    }

    @Test(
        "what a name's brackets hold, a symbol at its end, and its parts' first and last words give its state",
        arguments: [
            ("Phase 1: Setup (done)", CardState.done), ("Phase 2: UI (in progress)", .doing), ("M0 — It runs ✅", .done),
            ("🪄 MVP (Shipped)", .done), ("Noch offen / als naechstes", .todo),
            ("A faire", .todo), ("Implementé", .done), ("À Faire Priorité Haute", .todo),
            // French and Portuguese teams write "merged" as their own word (`Mergé sur main`).
            ("🚀 Mergé sur `main`", .done), ("Mergé main", .done), ("Mergeado na main", .done),
            // German "open …": `Offene Bugs`, `Offene Tasks` (an agent template's lanes).
            ("Offene Bugs", .todo), ("Offene Tasks", .todo), ("Offene Punkte", .todo),
            // Waiting on someone's input is work started and stopped, as Waiting is.
            ("⚠️ Benötigt Input", .doing), ("Needs Input", .doing), ("Needs Feedback", .doing),
        ])
    func nameParts(name: String, state: CardState) {
        let lanes = Self.lanes("## Icebox\n## Ideas\n## Active\n## \(name)\n- [ ] a\n")
        #expect(lanes[3].state == state, "\(name)")
        #expect(lanes[3].stateSource == .name, "\(name)")
    }

    @Test("a day's date in brackets leaves a name wholly a lane's; other brackets must say the same or nothing")
    func datedWholeNames() {
        for name in ["Done (2026-06-23)", "已完成（2025-11-04）", "Erledigt (15.06.2026)", "A Fazer (Backlog)"] {
            #expect(LaneStates.wholeMeaning(of: name) != nil, "\(name)")
        }
        for name in ["Review (API)", "Done (Q3)", "Done (2026)", "Code review of the API"] {
            #expect(LaneStates.wholeMeaning(of: name) == nil, "\(name)")
        }
    }

    @Test(
        "known names joined, and a Chinese, Japanese or Korean name of a lane's tasks (a note in brackets aside), are wholly lanes' names"
    )
    func joinedAndTaskWholeNames() {
        let whole: [(String, LaneStates.Meaning)] = [
            ("進行中 / 待辦", .state(.doing)), ("Doing / Review", .state(.doing)), ("Blocked & Waiting", .state(.doing)),
            ("Done / Won't Do", .state(.done)), ("完了済み機能", .state(.done)), ("진행 중인 작업", .state(.doing)),
            ("実装中の機能（未完成のもの）", .state(.doing)), ("완료된 작업 (최근)", .state(.done)),
            // Every mark that joins two names.
            ("Doing／Review", .state(.doing)), ("Doing · Review", .state(.doing)), ("Doing・Review", .state(.doing)),
            ("Doing、Review", .state(.doing)), ("Doing, Review", .state(.doing)),
            // U+0387, canonically the middle dot (`Character` equality took it for one).
            ("Doing\u{0387}Review", .state(.doing)),
            // ASCII names whose symbols are not words (read by their letters and digits alone).
            ("-- Done --", .state(.done)), ("In-Progress!", .state(.doing)), ("TO_DO", .state(.todo)),
        ]
        for (name, meaning) in whole {
            #expect(LaneStates.wholeMeaning(of: name) == meaning, "\(name)")
        }
        // A name beside something else, a task's title, a note in brackets after a name of no tasks.
        for name in ["Done / API", "Review / login page", "完了予定", "実装中の機能を直す", "Review (API)", "完了（最近）"] {
            #expect(LaneStates.wholeMeaning(of: name) == nil, "\(name)")
        }
    }

    @Test("a lane of bugs is todo wherever it stands: between In progress and Done too")
    func bugsLaneIsTodo() {
        let lanes = Self.lanes("## To do\n- [ ] a\n## In progress\n- [ ] b\n## Bugs\n- [ ] c\n## Done\n- [x] d\n")
        #expect(lanes.map(\.state) == [.todo, .doing, .todo, .done])
        #expect(lanes[2].stateSource == .name)
    }

    @Test("names of notes joined by a word for 'and' name notes; joined to anything else, they do not")
    func notesJoinedByAnd() {
        for name in ["Notes and Decisions", "Notizen und Entscheidungen", "Notas y decisiones", "Notlar ve Kararlar"] {
            #expect(LaneStates.isNotes(name), "\(name)")
        }
        for name in ["Notes and Tasks", "Ideas and Notes", "Research and Decisions", "Notes and"] {
            #expect(!LaneStates.isNotes(name), "\(name)")
        }
    }

    @Test("a document's table of contents is a lane of notes: its links are text, not a card")
    func tableOfContentsIsNotes() {
        for name in [
            "Table of Contents", "📚 Table of Contents", "Inhaltsverzeichnis", "Sommaire", "Índice", "目次", "목차",
        ] {
            #expect(LaneStates.isNotes(name), "\(name)")
        }
        let board = TestSupport.parse(
            "# TODO\n\n## Contents\n\n- [List](#list)\n  - [Legend](#legend)\n\n## List\n\n- [ ] write the guide\n"
        ).board
        #expect(board.lanes.map(\.name) == ["Contents", "List"])
        #expect(board.lanes[0].holdsNotes)
        #expect(board.cards.map(\.title) == ["write the guide"])
    }

    @Test(
        "work done in part, or done and waiting to be checked, is in progress, wherever the lane stands",
        arguments: [
            "Partially done", "Partly done", "Almost done", "Mostly done", "Partiellement terminé",
            "Teilweise erledigt", "Parcialmente hecho", "Parcialmente concluído", "Parzialmente completato",
            "Частично выполнено",
            "Częściowo zrobione", "Gedeeltelijk klaar", "Kısmen tamamlandı", "Реализовано / проверить",
            "Done (to review)", "Done: not yet reviewed", "Done (not reviewed)", "Erledigt – zu prüfen",
            "Terminé, à vérifier", "Hecho (por revisar)", "Concluído - a validar", "Fatto, da verificare", "一部完了",
            "完成待验证", "部分完成", "구현 완료 / 검토 필요",
        ])
    func partlyDoneIsInProgress(name: String) {
        for board in ["## Done\n- [x] a\n## \(name)\n- [ ] b\n", "## Todo\n- [ ] a\n## \(name)\n- [ ] b\n"] {
            let lane = Self.lanes(board)[1]
            #expect(lane.state == .doing, "\(name)")
            #expect(lane.stateSource == .name, "\(name)")
        }
    }

    @Test(
        "a project's technology stack and its recent decisions, in any language, are lanes of notes",
        arguments: [
            "Tech Stack", "Stack Tecnológico", "Stack tecnológica", "Technologie-Stack", "Stack technique",
            "Стек технологий", "技術スタック", "技术栈", "기술 스택", "Recent decisions", "Decisões recentes",
            "Decisiones recientes", "重要な意思決定の履歴",
        ])
    func stackAndDecisionsAreNotes(name: String) {
        #expect(LaneStates.isNotes(name), "\(name)")
        let board = TestSupport.parse("## \(name)\n\n- **Frontend:** Svelte\n\n## Todo\n\n- [ ] a\n").board
        #expect(board.lanes[0].holdsNotes)
        #expect(board.cards.map(\.title) == ["a"])
    }

    @Test(
        "a project's current state, limitations, timeline, risks, findings and insights are notes",
        arguments: [
            "Current State", "Known Limitations", "Bekannte Grenzen (kein Bug)", "Limitaciones conocidas", "既知の制限",
            "Timeline", "Key Findings", "気づき", "振り返り", "时间线", "本期目标", "风险与对策", "关键发现",
        ])
    func statusDocumentSectionsAreNotes(name: String) {
        #expect(LaneStates.isNotes(name), "\(name)")
        let board = TestSupport.parse("## Done\n\n- [x] a\n\n## \(name)\n\n- the API is slow\n").board
        #expect(board.lanes[1].holdsNotes)
        #expect(board.cards.map(\.title) == ["a"])
    }

    @Test("planned work in Japanese is to do, after a doing lane too (計画中, 計画)")
    func japanesePlannedIsTodo() {
        for name in ["計画中", "計画"] {
            #expect(Self.lanes("## 進行中\n- [ ] a\n## \(name)\n- [ ] b\n## 完了\n").map(\.state) == [.doing, .todo, .done])
        }
    }

    @Test(
        "a lane of blockers is doing, named in any language as English 'Blockers' is",
        arguments: ["Blockers", "Bloqueios", "Bloqueos", "Blocages", "Blocker", "Blocchi", "Блокеры", "Impedimentos"])
    func blockersAreDoing(name: String) {
        #expect(Self.lanes("## Backlog\n- [ ] a\n## \(name)\n- [ ] b\n").map(\.state) == [.todo, .doing])
    }

    @Test("brackets never make a lane the archive; of two names alike but for accents, each finds its own lane")
    func bracketsAndExactNames() throws {
        let board = TestSupport.parse("## Todo\n## Reading list (archive)\n- [ ] a\n## À faire\n## A faire\n").board
        #expect(board.lanes.map(\.name) == ["Todo", "Reading list (archive)", "À faire", "A faire"])
        #expect(board.archive.isEmpty)
        #expect(board.laneIndex(named: "A faire") == 3)
        #expect(board.laneIndex(named: "À faire") == 2)
        #expect(board.laneIndex(named: "a FAIRE") == 2)
        // Words that also mean something else are not periods: these lanes after Done are todo.
        for name in ["May the force", "Release notes", "Today", "Plan an event"] {
            let lanes = Self.lanes("## Done\n- [x] a\n## \(name)\n- [ ] b\n")
            #expect(lanes[1].state == .todo, "\(name)")
        }
    }

    @Test("every accented Latin letter compares as the letter its canonical decomposition starts with")
    func latinAccents() {
        for value in Array(0xC0...0x24F) + Array(0x1E00...0x1EFF) {
            let letter = String(Unicode.Scalar(value)!)
            let decomposed = letter.decomposedStringWithCanonicalMapping.unicodeScalars
            let isBaseAndMarks =
                decomposed.count > 1 && decomposed.first!.isASCII
                && decomposed.dropFirst().allSatisfy { $0.properties.generalCategory.isMark }
            let expected = isBaseAndMarks ? String(decomposed.first!).lowercased() : letter.lowercased()
            #expect(LaneName.key(letter) == expected, "U+\(String(value, radix: 16))")
        }
    }

    @Test("an ASCII name's key is its letters and digits, lowercased; a name of ASCII symbols alone keeps them")
    func asciiKeys() {
        for value in 0x20...0x7E {
            let character = Character(Unicode.Scalar(UInt8(value)))
            let kept = character.isLetter || character.isNumber ? character.lowercased() : ""
            #expect(LaneName.key("In \(character)Progress 2") == "in\(kept)progress2", "U+\(String(value, radix: 16))")
        }
        #expect(LaneName.key("--> ?") == "-->?")
        #expect(LaneName.key("") == "")
        // One scalar beyond ASCII takes the general path: the same key for the ASCII part.
        #expect(LaneName.key("To-Do é") == "todoe")
    }

    @Test("a symbol at the start of a name decorates it: `✅ Qualified` is not done")
    func leadingSymbol() {
        let lanes = Self.lanes("## Leads\n## ✅ Qualified\n- [ ] a\n## ☑️ Notes\n")
        #expect(lanes.map(\.state) == [.todo, .todo, .todo])
        #expect(LaneName.key("À faire") == LaneName.key("a FAIRE"))
        #expect(LaneName.key("Đã xong") != LaneName.key("Da xong"), "Đ is a letter of its own, not D with a mark")
        #expect(LaneName.key("Выполнено") == "выполнено")
    }

    @Test("lanes named with symbols alone are told apart, with or without an emoji's U+FE0F")
    func symbolNames() {
        let board = TestSupport.parse("---\nwip: {\"⏸️\": 1}\n---\n## 📋\n- [ ] a\n## ⏸️\n## ✅\n- [ ] b\n- [ ] c\n").board
        #expect(board.lane(named: "⏸")?.name == "⏸️")
        #expect(board.lane(named: "✅")?.name == "✅")
        #expect(board.lanes.map(\.wipLimit) == [nil, 1, nil])
        #expect(LaneName.key("📋") != LaneName.key("✅"))
        #expect(LaneName.key("⏸️ Blocked") == "blocked")
    }

    @Test("a WIP limit in the heading; (0) is none; other parentheses stay in the name")
    func limits() {
        let lanes = Self.lanes("## Doing (3)\n## Done (0)\n## Release (v1.2)\n")
        #expect(lanes.map(\.name) == ["Doing", "Done", "Release (v1.2)"])
        #expect(lanes.map(\.wipLimit) == [3, nil, nil])
    }

    @Test("a leading # heading is the title; without ## headings the # headings are lanes")
    func headingLevels() {
        let titled = BoardParser.parse(Array("# Plan\n## A\n- [ ] x\n".utf8), file: "b.md").board
        #expect(titled.title == "Plan")
        #expect(titled.lanes.map(\.name) == ["A"])
        let hashes = BoardParser.parse(Array("# TODO\n- [ ] a\n# DONE\n- [x] b\n".utf8), file: "b.md").board
        #expect(hashes.title == "b")
        #expect(hashes.lanes.map(\.name) == ["TODO", "DONE"])
        #expect(hashes.lanes.map(\.cards.count) == [1, 1])
    }

    @Test(
        "one heading over ### headings that name lanes is the title (or the description), and the lanes are ###",
        arguments: [
            ("# Proj\n\n### Todo\n- [ ] a\n### Done ✓\n- [x] c\n", "Proj", ["Todo", "Done ✓"], [1, 1], ""),
            (
                "# Tablero\n## Project Template\nIntro.\n### Por hacer\n_Nada._\n### Completado\n- hecho\n",
                "Tablero", ["Por hacer", "Completado"], [0, 1], "## Project Template\nIntro."
            ),
            (
                "## Sprint 4\n### To Do\n- a\n### Doing\n- b\n### Done\n", "Sprint 4", ["To Do", "Doing", "Done"],
                [1, 1, 0], ""
            ),
            // A day's log over lanes, one of them two names joined.
            (
                "# Log\n## 2026-03-02\n### 已完成\n- ✅ a\n### 進行中 / 待辦\n- 🔨 b\n- ⬜ c\n### 之後\n- d\n", "Log",
                ["已完成", "進行中 / 待辦", "之後"], [1, 2, 1], "## 2026-03-02"
            ),
            // A lane's name over groups, one known name below, or two headings at the level: the level is the lanes'.
            ("## Backlog\n### Next\n- a\n### Later\n- b\n", "b", ["Backlog"], [2], ""),
            ("## Notes\n### Frontend\n- a\n### Done\n- b\n", "b", ["Notes"], [2], ""),
            ("## Alice\n### Todo\n- a\n### Done\n- b\n## Bob\n### Todo\n- c\n", "b", ["Alice", "Bob"], [2, 1], ""),
            // Heading cards whose titles hold lanes' words, a card under the lone heading, an Obsidian board.
            (
                "# Sprint 5\n### Code review\nDue: 2026-02-01\n### Deploy to production\nDue: 2026-02-03\n",
                "b", ["Sprint 5"], [2], ""
            ),
            ("## Sprint 4\n- [ ] Orphan\n### Todo\n- a\n### Done\n- b\n", "b", ["Sprint 4"], [3], ""),
            (
                "---\nkanban-plugin: basic\n---\n## Week 12\n### Doing\n- [ ] a\n### Done\n- [ ] c\n", "b", ["Week 12"],
                [2], ""
            ),
        ])
    func lanesOneLevelDown(text: String, title: String, lanes: [String], counts: [Int], description: String) {
        let board = BoardParser.parse(Array(text.utf8), file: "b.md").board
        #expect(board.title == title)
        #expect(board.lanes.map(\.name) == lanes)
        #expect(board.lanes.map(\.cards.count) == counts)
        #expect(board.descriptionSource == description)
    }

    @Test(
        "a section of ### lanes (two named, one of them done) among other ## sections: its ### headings are lanes",
        arguments: [
            (
                "## State\nAs of May.\n### Done\n- [x] a\n### Doing\n- b\n### Todo\n- c\n## Decisions\n- d\n",
                ["Done", "Doing", "Todo", "Decisions"], [1, 1, 1, 0], "## State\nAs of May.", [3, 3, 3, 2]
            ),
            (
                "## Context\n- x\n## Board\nIntro.\n### Todo\n- a\n### Done\n- b\n## Log\n- c\n",
                ["Context", "Todo", "Done", "Log"], [1, 1, 1, 1], "", [2, 3, 3, 2]
            ),
            // As claude-memory writes a CLAUDE.md's tasks: `Recently Completed` is a done lane's name.
            (
                "## Task Management\n### Active Tasks\n- [ ] a (low)\n### In Progress\n- No tasks in progress\n"
                    + "### Recently Completed\n- [x] b\n## Notes\n- c\n",
                ["Active Tasks", "In Progress", "Recently Completed", "Notes"], [1, 0, 1, 0], "## Task Management",
                [3, 3, 3, 2]
            ),
            // Beside such a section, on a board of task items, the document's other sections hold text, not cards.
            (
                "## Active Session\n- **Current**: review\n## Tasks\n### Todo\n- [ ] a\n### Done\n- [x] b\n"
                    + "## Context Files\n- **Tasks**: `tasks.md`\n- [ ] c\n## Links\n- `docs/`\n"
                    + "## Ideas for later\n- d\n",
                ["Active Session", "Todo", "Done", "Context Files", "Links", "Ideas for later"], [0, 1, 1, 2, 0, 1], "",
                [2, 3, 3, 2, 2, 2]
            ),
            // Swimlanes (two such sections) and a lane over groups that are not done keep their level.
            (
                "## Alice\n### Todo\n- a\n### Done\n- b\n## Bob\n### Todo\n- c\n### Done\n- d\n", ["Alice", "Bob"],
                [2, 2], "", [2, 2]
            ),
            ("## Backlog\n### Next\n- a\n### Later\n- b\n## Done\n- c\n", ["Backlog", "Done"], [2, 1], "", [2, 2]),
            // A done lane over groups of one state, the archive, heading cards, a section beside lanes by name.
            (
                "## Todo\n- a\n## Done\n### Shipped\n- [x] c\n### Won't do\n- [x] d\n", ["Todo", "Done"], [1, 2], "",
                [2, 2]
            ),
            (
                "## Todo\n- a\n## Done\n- [x] c\n## Archive\n### Done\n- [x] e\n### Cancelled\n- [x] f\n",
                ["Todo", "Done"], [1, 1], "", [2, 2]
            ),
            (
                "## Todo\n### Staging\n- due: 2026-03-01\n- priority: high\n### Production\n- due: 2026-04-01\n## Done\n",
                ["Todo", "Done"], [2, 0], "", [2, 2]
            ),
            (
                "## Todo\n- a\n## Done\n- [x] b\n## Deployment\n### Staging\n- x\n### Production\n- y\n",
                ["Todo", "Done", "Deployment"], [1, 1, 2], "", [2, 2, 2]
            ),
            // A done lane dated in brackets is wholly a done lane's name (a roadmap's progress section).
            (
                "## Week 1\n### Day 1\n- [x] a\n- [ ] b\n## 📊 当前进度\n### 已完成（2025-11-04）\n- ✅ c\n### 进行中\n- 🔄 d\n"
                    + "### 待开始\n- ⏳ e\n## 📝 日志\n- f\n",
                ["Week 1", "已完成（2025-11-04）", "进行中", "待开始", "📝 日志"], [2, 1, 1, 1, 0], "", [2, 3, 3, 3, 2]
            ),
            // Japanese names of a lane's features (one with a note in brackets, one with a query mark), the middle one
            // saying it is empty, beside the document's other sections.
            (
                "## 概要\nテスト用。\n## 現在の状況\n### 完了済み機能\n- a\n- b\n### 実装中の機能（途中のもの）\n- 特になし\n"
                    + "### 未着手の機能 ?\n- c\n## 手順\n- d\n",
                ["概要", "完了済み機能", "実装中の機能（途中のもの）", "未着手の機能 ?", "手順"], [0, 2, 0, 1, 1], "",
                [2, 3, 3, 3, 2]
            ),
            // A note in brackets after a lane's name leaves it a lane's (`### Done (MVP)`, a README's roadmap).
            (
                "## Intro\nA tool.\n## Roadmap\n### Done (MVP)\n- [x] a\n### In progress\n- [ ] b\n"
                    + "### Next steps (prioritised)\n1. c\n## Install\n```sh\nmake\n```\n",
                ["Intro", "Done (MVP)", "In progress", "Next steps (prioritised)", "Install"], [0, 1, 1, 1, 0], "",
                [2, 3, 3, 3, 2]
            ),
            // Names in two languages; lanes that say they are empty, or hold a table, are lanes, not heading cards.
            (
                "## Fila\n### A Fazer (Backlog)\n*(Vazio)*\n### Em Progresso (In Progress)\n> Nothing yet\n"
                    + "### Concluído (Done)\n- [x] a\n## Notas\n- b\n",
                ["A Fazer (Backlog)", "Em Progresso (In Progress)", "Concluído (Done)", "Notas"], [0, 0, 1, 0],
                "## Fila",
                [3, 3, 3, 2]
            ),
            (
                // (On a board of tables, a lane of notes holds text, not cards.)
                "## Columns\n### À faire\n*(Vide)*\n### Terminé\n| ID | Task |\n|---|---|\n| 1 | a |\n## Log\n- b\n",
                ["À faire", "Terminé", "Log"], [0, 1, 0], "## Columns", [3, 3, 2]
            ),
        ])
    func laneSection(text: String, lanes: [String], counts: [Int], description: String, levels: [Int]) {
        let board = BoardParser.parse(Array(text.utf8), file: "b.md").board
        #expect(board.lanes.map(\.name) == lanes)
        #expect(board.lanes.map(\.cards.count) == counts)
        #expect(board.lanes.map(\.headingLevel) == levels)
        #expect(board.descriptionSource == description)
        if lanes.contains("Context") { #expect(board.lanes[1].descriptionSource == "Intro.") }
    }

    @Test("the archive: a lane named Archive in any language; a lane after a *** rule is a lane")
    func archive() {
        let board = BoardParser.parse(
            Array("## A\n- [ ] a\n## 归档\n- [x] b\n\n***\n\n## Archive\n- [x] c\n".utf8), file: "b.md"
        ).board
        #expect(board.lanes.map(\.name) == ["A"])
        #expect(board.archive.map(\.title) == ["b", "c"])
        // As in Obsidian's plugin: only the heading named Archive after `***` is the archive.
        let after = BoardParser.parse(
            Array("## A\n- [ ] a\n## Done\n- [x] d\n\n***\n\n## 🛑 Blocked\n- [ ] b\n".utf8), file: "b.md"
        ).board
        #expect(after.lanes.map(\.name) == ["A", "Done", "🛑 Blocked"])
        #expect(after.archive.isEmpty)
        // On an Obsidian board, a lane named Archive without `***` before it is a lane, as the plugin shows it.
        let plugin = BoardParser.parse(
            Array(
                "---\nkanban-plugin: basic\n---\n## A\n- [ ] a\n## Archived\n- [x] b\n\n***\n\n## Archive\n- [x] c\n"
                    .utf8),
            file: "b.md"
        ).board
        #expect(plugin.lanes.map(\.name) == ["A", "Archived"])
        #expect(plugin.lanes.map(\.state) == [.todo, .done])
        #expect(plugin.archive.map(\.title) == ["c"])
        // `---` between lanes is only a rule.
        let rules = BoardParser.parse(Array("## A\n- [ ] a\n\n---\n\n## B\n- [ ] b\n".utf8), file: "b.md").board
        #expect(rules.lanes.map(\.name) == ["A", "B"])
    }

    @Test("the lane data embedded in the binary is Data/lane-names.json, word for word")
    func embeddedDataIsTheFile() throws {
        let path = TestSupport.packageRoot.appending(path: "Data/lane-names.json")
        let file = try JSONDecoder().decode([String: [String: [String]]].self, from: Data(contentsOf: path))
        #expect(EmbeddedData.tables["lane-names"] == file)
        #expect(file["done"]?["en"]?.contains("Done") == true)
    }

    @Test("every name in the lane data means one thing")
    func dataIsConsistent() throws {
        let file = try #require(EmbeddedData.tables["lane-names"])
        var meaning: [String: String] = [:]
        for (group, languages) in file where ["todo", "doing", "done", "archive"].contains(group) {
            for name in languages.values.joined() {
                let key = LaneName.key(name)
                #expect(!key.isEmpty, "'\(name)' has no letters")
                if let other = meaning[key] { #expect(other == group, "'\(name)' is both \(other) and \(group)") }
                meaning[key] = group
            }
        }
        #expect(meaning.count > 300)
    }
}
