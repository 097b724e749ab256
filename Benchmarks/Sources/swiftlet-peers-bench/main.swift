// swiftlet-peers-bench: Swiftlet side by side with Chromium, Firefox and Epiphany (restore,
// memory, headless PNG). Run with `make bench-peers` (release build, under Xvfb). Figures,
// not pass/fail: the targets are printed next to Swiftlet's.
PeersBenchCommand.main()
