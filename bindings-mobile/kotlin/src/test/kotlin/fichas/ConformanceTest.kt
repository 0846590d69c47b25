package fichas

import java.io.File
import org.json.JSONArray
import org.json.JSONObject
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.TestFactory

/**
 * The conformance corpus (tests/conformance/corpus.json, written by the engine's own test):
 * every case's choices, taps, movements, words, refusal codes and the played step's narration,
 * as the Kotlin binding gives them.
 */
class ConformanceTest {
    private fun corpus(): JSONObject {
        // Maven runs the tests in bindings-mobile/kotlin; the corpus is at the repository's root.
        var dir: File? = File("").absoluteFile
        while (dir != null && !File(dir, "tests/conformance/corpus.json").exists()) dir = dir.parentFile
        assertNotNull(dir, "tests/conformance/corpus.json not found above ${File("").absolutePath}")
        return JSONObject(File(dir, "tests/conformance/corpus.json").readText())
    }

    private fun strings(array: JSONArray): List<String> = List(array.length()) { array.getString(it) }

    @TestFactory
    fun `the binding answers as the corpus says`(): List<DynamicTest> {
        val cases = corpus().getJSONArray("cases")
        return List(cases.length()) { i ->
            val case = cases.getJSONObject(i)
            DynamicTest.dynamicTest(case.getString("name")) { check(case) }
        }
    }

    private fun check(case: JSONObject) {
        val choices = case.getJSONArray("choices").let { a -> List(a.length()) { a.getJSONObject(it) } }
        Game.fromPosition(case.getString("position")).use { game ->
            assertEquals(choices.map { it.getString("action") }, game.legalActions().map { it.notation })
            game.taps().zip(choices).forEach { (tap, choice) ->
                val expected = choice.getJSONObject("tap")
                assertEquals(expected.getString("action"), tap.action)
                assertEquals(if (expected.isNull("card")) null else expected.getString("card"), tap.card)
                assertEquals(strings(expected.getJSONArray("tokens")), tap.tokens)
                val steps = expected.getJSONArray("steps")
                assertEquals(List(steps.length()) { steps.getInt(it) }, tap.steps.map { it.toInt() })
                assertEquals(expected.getString("option"), tap.option)
                assertEquals(if (expected.isNull("count")) null else expected.getString("count"), tap.count)
            }
            for (choice in choices) {
                val expected = choice.getJSONArray("movements")
                val movements = game.movements(choice.getString("action"))
                assertEquals(expected.length(), movements.size, choice.getString("action"))
                movements.forEachIndexed { k, m ->
                    val e = expected.getJSONObject(k)
                    val owner = e.getJSONObject("owner")
                    assertEquals(if (owner.has("colour")) owner.getString("colour") else owner.getInt("seat").toString(), m.owner)
                    assertEquals(e.getString("from"), m.from)
                    assertEquals(strings(e.getJSONArray("path")), m.path)
                    assertEquals(e.getString("motion"), m.motion)
                    assertEquals(e.getString("cause"), m.cause)
                }
            }
            for (language in listOf("en", "es")) {
                assertEquals(choices.map { it.getJSONObject("says").getString(language) }, game.describe(language))
            }
            val refused = case.getJSONObject("refused")
            val refusal = game.refusal(refused.getString("action"))
            assertEquals(refused.getString("code"), refusal?.code)
            assertEquals(refused.getString("reason"), refusal?.reason)
            assertNull(game.refusal(case.getString("play")), "the move played is legal")

            game.playNotation(case.getString("play"))
            val told = case.getJSONObject("told")
            for (language in listOf("en", "es")) {
                assertEquals(strings(told.getJSONArray(language)), game.tell(language))
            }
        }
    }
}
