import Foundation
import FuzzSupport

// The input is a window's session_metadata.pb, next to two valid tabs.
exit(
    runFuzzer { data, size in
        FuzzHarness.input(data, size) { bytes in
            FuzzHarness.reset()
            _ = FuzzHarness.writeValidSession("w0")
            FuzzHarness.write(bytes, "w0/session_metadata.pb")
            FuzzHarness.roundTripSession("w0")
        }
    })
