package consumer

import java.io.ByteArrayOutputStream
import java.io.PrintStream
import org.junit.jupiter.api.Assertions.assertTrue

/**
 * Runs one Kotlin block of the docs (see ../../../../extract-doc-blocks): `construct` runs the block,
 * `after` whatever its preamble checks afterwards. When the doc shows the block's output, the
 * block must print exactly that, where a `…` stands for any run of characters within a line.
 */
fun <T> runBlock(where: String, expected: String?, construct: () -> T, after: (T) -> Unit) {
    val printed = ByteArrayOutputStream()
    val out = System.out
    System.setOut(PrintStream(printed, true, Charsets.UTF_8))
    val block = try {
        construct()
    } finally {
        System.setOut(out)
    }
    after(block)
    if (expected != null) {
        val got = printed.toString(Charsets.UTF_8).trimEnd('\n').lines()
        val want = expected.trimEnd('\n').lines()
        val matches = got.size == want.size && got.zip(want).all { (line, pattern) ->
            Regex(pattern.split("…").joinToString(".*") { Regex.escape(it) }).matches(line)
        }
        assertTrue(matches, "$where prints what the doc shows.\n--- the doc shows:\n$expected--- it printed:\n$printed")
    }
}
