/// One libyaml event, copied out of C memory.
struct Event {
    enum Kind {
        case streamStart, streamEnd, documentStart, documentEnd, sequenceStart, sequenceEnd, mappingStart,
            mappingEnd
        /// `*name`.
        case alias(String)
        case scalar(String, plain: Bool)
    }

    var kind: Kind
    /// 1-based.
    var line: Int
    /// The `&name` a scalar, list or map is given, if any.
    var anchor: String? = nil
    /// The tag a scalar, list or map is given (`!!binary`, `!custom`), if any, as written.
    var tag: String? = nil
}
