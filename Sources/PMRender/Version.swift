/// pm-render's version.
public enum PMRenderVersion {
    public static let string = "0.1.0"
}
