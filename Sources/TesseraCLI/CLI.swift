import TesseraCore

/// Placeholder for the command-line interface.
public struct CLI {
    public init() {}
}
