import Foundation
import FuzzSupport

// The input is the data.pb of the first tab of a valid window.
exit(
    runFuzzer { data, size in
        FuzzHarness.input(data, size) { bytes in
            FuzzHarness.reset()
            let ids = FuzzHarness.writeValidSession("w0")
            FuzzHarness.write(bytes, "w0/\(ids[0].storageName)/data.pb")
            FuzzHarness.roundTripSession("w0")
        }
    })
