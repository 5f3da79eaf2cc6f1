extension SiteBuilder {
    /// The theme's page geometry, which the layout stage estimates `sizes` and the first
    /// screen from: the theme's.
    var metrics: ThemeMetrics { theme.metrics }
}
