import Foundation
import Testing

@testable import PMRender

/// Replays every input in `Fuzz/regressions/` through the fuzzing harness: each once broke something. Every stage
/// must run and every promise the harness checks must hold.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let folder = TestSupport.packageRoot.appending(path: "Fuzz/regressions")
    static let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()

    @Test("each regression input goes through every stage, and every promise holds", arguments: names)
    func replay(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appending(path: name)))
        let outcome = FuzzHarness.run(bytes)
        #expect(outcome.violations.isEmpty, "\(outcome.violations)")
        #expect(outcome.files.sorted() == ["board.ics", "index.html", "overdue.html"])
    }

    @Test("the harness notices a broken promise: a page that is not whole")
    func harnessCatches() {
        // A board whose text would add a script element if it were not escaped.
        let outcome = FuzzHarness.run(Array("## TODO\n- [ ] <script>alert(1)</script> @{2026-01-01}\n".utf8))
        #expect(outcome.violations.isEmpty)
        #expect(outcome.cards == 1)
        #expect(FuzzHarness.count("<script", in: Array("a<script b <script".utf8)) == 2)
    }
}
