extension SiteBuilder {
    /// The theme's page geometry, which the layout stage estimates `sizes` and the first
    /// screen from: the built-in theme's (a template folder does not carry its own yet).
    var metrics: ThemeMetrics { ThemeMetrics() }
}
