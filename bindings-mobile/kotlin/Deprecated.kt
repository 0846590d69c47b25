// Former names kept for apps written against them; `generate` copies this file beside the
// generated sources.
package fichas

/** The former name of [Choice]: a legal action with its seat, id and marks. */
@Deprecated("Renamed Choice", ReplaceWith("Choice", "fichas.Choice"))
typealias Action = Choice
