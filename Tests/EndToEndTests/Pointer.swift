import Foundation

/// Clicks through xdotool (XTEST): what a person does with the mouse.
enum Pointer {
    /// Moves the pointer to (`x`, `y`) in the first visible window of process `pid` and
    /// clicks the primary button.
    @discardableResult
    static func click(x: Int, y: Int, inWindowOf pid: Int32) -> Bool {
        // This xdotool reads the argument after the options as the name pattern: "" matches any.
        let search = ["search", "--onlyvisible", "--pid", String(pid), ""]
        return Keyboard.xdotool(search + ["mousemove", "--window", "%1", String(x), String(y), "click", "1"])
    }

    /// Moves the pointer to (`x`, `y`) in the first visible window of process `pid` and
    /// clicks the secondary button (a context menu).
    @discardableResult
    static func rightClick(x: Int, y: Int, inWindowOf pid: Int32) -> Bool {
        let search = ["search", "--onlyvisible", "--pid", String(pid), ""]
        return Keyboard.xdotool(search + ["mousemove", "--window", "%1", String(x), String(y), "click", "3"])
    }
}
