// Former names kept for apps written against them; `generate` copies this file beside the
// generated sources.

/// The former name of `Choice`: a legal action with its seat, id and marks.
@available(*, deprecated, renamed: "Choice")
public typealias Action = Choice
