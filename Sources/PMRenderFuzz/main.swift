import Foundation
import PMRender

// libFuzzer target: arbitrary bytes through the whole pipeline (`FuzzHarness`). Built and run only by
// `Fuzz/run`, with AddressSanitizer and coverage instrumentation on every target.
//
// SwiftPM links its own entry point for executables, so the top-level code starts libFuzzer through
// its documented custom-driver function; `LLVMFuzzerTestOneInput` is the callback (and is what
// libFuzzer's own `main` would call).

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let outcome = FuzzHarness.run(Array(UnsafeBufferPointer(start: data, count: size)))
    // A broken promise is a finding: stop, so libFuzzer saves the input.
    if let violation = outcome.violations.first { fatalError(violation) }
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func fuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(fuzzerRunDriver(&argc, &argv, fuzzOne))
