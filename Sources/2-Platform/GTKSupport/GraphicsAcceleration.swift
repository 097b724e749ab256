/// Whether this process draws with a GPU or in software, as ``GTKRuntime`` decided it.
///
/// OpenGL is not the same as a GPU: Mesa runs GL on the CPU (llvmpipe) wherever no GPU driver
/// serves the display — a virtual machine, a remote or virtual X server, a machine without
/// drivers. There GTK's GL renderer and WebKit's GL compositing do on the CPU what cairo
/// does, with a shader compiler (LLVM) on top: more memory and more time. So the application
/// draws in software when GL is software, as Chromium and Firefox fall back to their
/// software compositors; with a GPU it keeps GTK's and WebKit's defaults.
public enum GraphicsAcceleration: Equatable, Sendable {
    /// A GPU renders GL: GTK's default renderer and WebKit's GL compositing.
    case hardware(renderer: String)
    /// GL runs on the CPU (`renderer` names it), or there is no GL (`renderer` is nil): GTK
    /// draws with cairo (`GSK_RENDERER=cairo`), WebKit without compositing.
    case software(renderer: String?)
    /// Chosen by the user (`SWIFTLET_GRAPHICS=gpu` or `=software`), not probed.
    case chosen(hardware: Bool)

    /// Whether GTK and WebKit may use GL.
    public var isHardware: Bool {
        switch self {
        case .hardware: true
        case .software: false
        case .chosen(let hardware): hardware
        }
    }

    /// Whether a GL_RENDERER string names a software rasterizer (Mesa's llvmpipe, softpipe,
    /// swrast, OpenSWR; lavapipe is Vulkan's llvmpipe).
    public static func isSoftwareRenderer(_ renderer: String) -> Bool {
        let name = renderer.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer", "swr (", "lavapipe"]
            .contains { name.contains($0) }
    }

    /// The choice `SWIFTLET_GRAPHICS` makes (`gpu`, `software`; `auto` or unset probes).
    public static func choice(environment value: String?) -> GraphicsAcceleration? {
        switch value?.lowercased() {
        case "gpu", "hardware": .chosen(hardware: true)
        case "software", "cpu": .chosen(hardware: false)
        default: nil
        }
    }
}
