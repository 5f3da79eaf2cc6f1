extension ResponsiveGrid {
    /// The CSS for every justified grid (album-independent): goes into the site stylesheet once.
    ///
    /// Expects `<div class="gallery"><div class="grid" data-layout="justified"><a class="tile"
    /// style="…"><img …></a>…</div></div>`, the `<img>` possibly inside a `<picture>`. The gallery is a named inline-size container;
    /// one `@container` rule per breakpoint picks that breakpoint's custom properties, falling
    /// back to earlier breakpoints' values the tile omitted. Below the first breakpoint the first
    /// applies, above the last the last. Tiles take their photo's aspect ratio and clip their
    /// content, so a missing image showing its alt text cannot make a tile grow. The image takes
    /// the tile's ratio too, not its file's: a thumbnail rounded to whole pixels would otherwise
    /// end up to 0.9 px short of its tile, a hairline of background.
    ///
    /// The gallery must get its width from its parent (a block, not shrink-to-fit), since an
    /// inline-size container does not size itself from its content. Near a breakpoint the
    /// browser may pick either neighbour's rule (Chromium snaps widths to 1/64 px); both are
    /// exact there, because no row's bases depend on which interval they were computed for.
    package static func stylesheet(options: LayoutOptions) -> String {
        let grid = ".grid[data-layout=justified]"
        let gap = CSSNumber.format(options.gap, decimals: 3)
        var css = """
            .gallery{container:tessera-gallery/inline-size}
            \(grid){display:flex;flex-flow:row wrap;align-items:flex-start;justify-content:flex-start;\
            gap:\(gap)px;margin:0;padding:0;border:0}
            \(grid)>.tile{display:block;box-sizing:border-box;position:relative;min-width:0;max-width:100%;\
            margin:0;padding:0;border:0;overflow:hidden;aspect-ratio:var(--a);flex-shrink:1;\(sizing(0, gap: gap))}
            \(grid)>.tile>picture{display:contents}
            \(grid)>.tile>img,\(grid)>.tile>picture>img{display:block;box-sizing:border-box;width:100%;height:auto;max-width:none;\
            aspect-ratio:var(--a);margin:0;padding:0;border:0}

            """
        for (index, width) in breakpoints(of: options).enumerated().dropFirst() {
            css +=
                "@container tessera-gallery (min-width:\(CSSNumber.format(width, decimals: 3))px)"
                + "{\(grid)>.tile{\(sizing(index, gap: gap))}}\n"
        }
        return css
    }

    /// `flex-grow` and `flex-basis` at breakpoint `index`.
    private static func sizing(_ index: Int, gap: String) -> String {
        let share = inherited("f", index)
        let gaps = inherited("k", index)
        let part = "var(\(property("p", index)),0)"
        return "flex-grow:calc(\(share)*\(growScale));"
            + "flex-basis:calc((\(share) + \(part))*(100% - \(gaps)*\(gap)px - \(CSSNumber.format(slack, decimals: 3))px))"
    }

    /// `var(--x3,var(--x2,var(--x1,var(--x0,0))))`: the latest value the tile wrote.
    private static func inherited(_ letter: String, _ index: Int) -> String {
        (0...index).reduce("0") { fallback, step in "var(\(property(letter, step)),\(fallback))" }
    }
}
