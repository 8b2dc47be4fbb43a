import Foundation
import Testing
@testable import PMRender

/// Replays every input in `Fuzz/regressions/` through the fuzzing harness: each once broke something.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let folder = TestSupport.packageRoot.appending(path: "Fuzz/regressions")
    static let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()

    @Test("each regression input goes through every stage", arguments: names)
    func replay(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appending(path: name)))
        #expect(FuzzHarness.run(bytes) > 0)
    }

    @Test("there are regression inputs")
    func present() {
        #expect(Self.names.count >= 3)
    }
}
