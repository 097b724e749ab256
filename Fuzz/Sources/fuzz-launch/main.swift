import Foundation
import FuzzSupport

// The input is a user data directory's `Local State` and its Default profile's `Preferences`
// (split at the first NUL byte), next to two saved windows: the real launch, the user's
// Restore and quit run over them twice.
exit(
    runFuzzer { data, size in
        FuzzHarness.input(data, size) { bytes in
            let files = LaunchFuzzHarness.files(of: bytes)
            LaunchFuzzHarness.run(localState: files.localState, preferences: files.preferences)
        }
    })
