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

    /// Moves the pointer to (`x`, `y`) in the first visible window of process `pid`.
    @discardableResult
    static func move(x: Int, y: Int, inWindowOf pid: Int32) -> Bool {
        let search = ["search", "--onlyvisible", "--pid", String(pid), ""]
        return Keyboard.xdotool(search + ["mousemove", "--window", "%1", String(x), String(y)])
    }

    /// Moves the pointer to (`x`, `y`) in the first visible window of process `pid` and
    /// clicks `button` (1 primary, 2 middle) holding `modifiers` (xdotool's key names,
    /// "ctrl", "shift"), which the window must have the keyboard focus for.
    @discardableResult
    static func click(
        x: Int, y: Int, button: Int, holding modifiers: [String], inWindowOf pid: Int32
    ) -> Bool {
        let search = ["search", "--onlyvisible", "--pid", String(pid), ""]
        let down = modifiers.flatMap { ["keydown", $0] }
        let up = modifiers.reversed().flatMap { ["keyup", $0] }
        return Keyboard.xdotool(
            search + ["mousemove", "--window", "%1", String(x), String(y)] + down + ["click", String(button)]
                + up)
    }

    /// Moves the pointer to (`x`, `y`) in the first visible window of process `pid` and
    /// clicks the secondary button (a context menu).
    @discardableResult
    static func rightClick(x: Int, y: Int, inWindowOf pid: Int32) -> Bool {
        let search = ["search", "--onlyvisible", "--pid", String(pid), ""]
        return Keyboard.xdotool(search + ["mousemove", "--window", "%1", String(x), String(y), "click", "3"])
    }

    /// Presses the primary button at `start` and moves the pointer through `path` to its
    /// last point, where it releases the button (screen coordinates): a drag. Each move
    /// waits a moment, as a hand would, so that GTK sees the motion events one by one; at
    /// the end the pointer moves a pixel and back, because GDK's X11 drag sends no position
    /// while it waits for the target's answer to the one before (a move then is lost, and
    /// the drop would land where the pointer was before it).
    @discardableResult
    static func drag(from start: (x: Int, y: Int), through path: [(x: Int, y: Int)]) -> Bool {
        var arguments = ["mousemove", String(start.x), String(start.y), "mousedown", "1"]
        var points = path
        if let end = path.last { points += [(end.x + 1, end.y), end] }
        for point in points {
            arguments += ["sleep", "0.1", "mousemove", String(point.x), String(point.y)]
        }
        return Keyboard.xdotool(arguments + ["sleep", "0.3", "mouseup", "1"])
    }
}
