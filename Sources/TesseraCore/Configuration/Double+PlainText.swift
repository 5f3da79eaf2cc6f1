extension Double {
    /// The number as a user would type it: `240`, not `240.0`; `1.5` as is. Used wherever a
    /// setting's default or range is shown (help, configuration errors).
    package var plainText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
